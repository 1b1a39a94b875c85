// A profile may name a command that prints a fresh JWT (a login helper, a secrets manager's CLI)
// instead of storing one. It runs when a chunk operation first needs the token, through the
// system's shell (sh, or cmd.exe on Windows), and again once the token is within a minute of its
// `exp`; what it prints is a secret, masked by the client from then on.
import { spawn } from "node:child_process";
import { untilAborted } from "../../kernel/abort.js";
import { abortError } from "../../kernel/errors.js";
import type { JwtContext } from "../../wrappers/options.js";
import { terminalLine } from "../output/terminal-text.js";
import { UsageError } from "../exit-codes.js";

const TIMEOUT_MS = 60_000;
const RENEW_BEFORE_MS = 60_000;
const MAX_OUTPUT = 1024 * 1024;

/** The `exp` of a JWT in milliseconds, if its payload says. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the command in a process group of its own, so that stopping it stops what the shell
 * started too (a `sleep` under `sh -c` outlives a killed shell otherwise), and resolves with what
 * it printed. `signal` stops it with SIGKILL: a helper that ignores SIGTERM must not outlive it.
 */
function run(command: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const group = process.platform !== "win32";
    const child = spawn(command, { shell: true, detached: group, stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    let stdout = "";
    let stderr = "";
    let overflow = false;
    const take = (text: string, chunk: Buffer) => {
      if (text.length + chunk.length > MAX_OUTPUT) overflow = true;
      return overflow ? text : text + chunk.toString("utf8");
    };
    const kill = () => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // Gone already.
      }
    };
    let why: string | undefined;
    const timer = setTimeout(() => {
      why = `did not finish within ${TIMEOUT_MS / 1000} s`;
      kill();
    }, TIMEOUT_MS);
    const onAbort = () => {
      why = "was stopped: the call that needed the token ended first";
      kill();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => (stdout = take(stdout, chunk)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = take(stderr, chunk)));
    const done = (error: UsageError | undefined, token?: string) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(token as string);
    };
    child.once("error", (error) => done(new UsageError(`the profile's JWT command could not start (${(error as NodeJS.ErrnoException).code ?? "error"})`)));
    // "exit", not "close": a grandchild that kept the pipes open must not keep the call waiting.
    child.once("exit", (code, killedBy) => {
      if (why !== undefined || code !== 0 || overflow) {
        // Whatever the group started goes with it.
        kill();
        const reason = why ?? (overflow ? `printed more than ${MAX_OUTPUT} bytes` : `exited with ${code ?? killedBy}`);
        const said = stderr.trim().split("\n")[0];
        return done(new UsageError(`the profile's JWT command ${reason}${said ? `: ${terminalLine(said.slice(0, 200))}` : ""}`));
      }
      const token = stdout.trim();
      if (token === "") return done(new UsageError("the profile's JWT command printed nothing; it must print the JWT on stdout"));
      done(undefined, token);
    });
  });
}

interface Run {
  promise: Promise<string>;
  stop: AbortController;
  /** The calls waiting for this run's token. */
  waiting: number;
}

/**
 * The client's `jwt` option for a command: run on first use, run again when the token is about to
 * expire. Calls that need a token at once share one run; it is stopped when every one of them
 * has given up (its signal fired), and each gives up at once whatever the command does.
 */
export function jwtFromCommand(command: string, now: () => number = Date.now): (context?: JwtContext) => Promise<string> {
  let cached: { token: string; renewAt: number } | undefined;
  let running: Run | undefined;
  return async (context = {}) => {
    if (cached && now() < cached.renewAt) return cached.token;
    if (context.signal?.aborted) throw abortError(context.signal);
    if (!running) {
      const stop = new AbortController();
      const current: Run = {
        stop,
        waiting: 0,
        promise: run(command, stop.signal).then(
          (token) => {
            cached = { token, renewAt: (expiryOf(token) ?? Infinity) - RENEW_BEFORE_MS };
            if (running === current) running = undefined;
            return token;
          },
          (error: unknown) => {
            if (running === current) running = undefined;
            throw error;
          },
        ),
      };
      running = current;
    }
    const current = running;
    current.waiting += 1;
    try {
      return await untilAborted(current.promise, context.signal);
    } finally {
      current.waiting -= 1;
      if (current.waiting === 0 && running === current && context.signal?.aborted) {
        running = undefined;
        current.stop.abort();
      }
    }
  };
}
