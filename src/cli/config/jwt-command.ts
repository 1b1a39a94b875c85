// A profile may name a command that prints a fresh JWT (a login helper, a secrets manager's CLI)
// instead of storing one. It runs when a chunk operation first needs the token, through the
// system's shell (sh, or cmd.exe on Windows), and again once the token is within a minute of its
// `exp`; what it prints is a secret, masked by the client from then on.
import { exec } from "node:child_process";
import { terminalLine } from "../output/terminal-text.js";
import { UsageError } from "../exit-codes.js";

const TIMEOUT_MS = 60_000;
const RENEW_BEFORE_MS = 60_000;

/** The `exp` of a JWT in milliseconds, if its payload says. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function run(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    exec(command, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) {
        const why = error.killed ? `did not finish within ${TIMEOUT_MS / 1000} s` : `exited with ${error.code ?? error.signal}`;
        const said = stderr.trim().split("\n")[0];
        return reject(new UsageError(`the profile's JWT command ${why}${said ? `: ${terminalLine(said.slice(0, 200))}` : ""}`));
      }
      const token = stdout.trim();
      if (token === "") return reject(new UsageError("the profile's JWT command printed nothing; it must print the JWT on stdout"));
      resolve(token);
    });
  });
}

/** The client's `jwt` option for a command: run on first use, run again when the token is about to expire. */
export function jwtFromCommand(command: string, now: () => number = Date.now): () => Promise<string> {
  let cached: { token: string; renewAt: number } | undefined;
  let running: Promise<string> | undefined;
  return async () => {
    if (cached && now() < cached.renewAt) return cached.token;
    running ??= run(command).then(
      (token) => {
        cached = { token, renewAt: (expiryOf(token) ?? Infinity) - RENEW_BEFORE_MS };
        running = undefined;
        return token;
      },
      (error: unknown) => {
        running = undefined;
        throw error;
      },
    );
    return running;
  };
}
