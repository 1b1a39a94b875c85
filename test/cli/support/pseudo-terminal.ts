// Runs this run's `platform` build on a pseudo-terminal, as a user at a terminal would: `script`
// (util-linux) gives it one, sized with stty, and relays what the test types (keys such as
// Ctrl-C reach the terminal's line discipline, which turns them into signals or end of input).
// The screen's bytes come back raw, escape sequences included, so a test can check there are none.
import { spawn } from "node:child_process";
import { cliEnv, cliMain, printed } from "./run-cli.js";
import { until } from "./until.js";
import { shellQuote as quote } from "../../../src/cli/shell-word.js";

export interface TerminalRun {
  /** Everything written to the terminal so far (CR LF line ends, as a terminal gets them). */
  screen(): string;
  /** Types text (\x03 is Ctrl-C, \x04 is Ctrl-D). */
  type(text: string): void;
  /** The command's own process id (script execs it from its shell), once it has started. */
  pid(): Promise<number>;
  /** Waits until the screen shows `text`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  done: Promise<{ code: number | null; screen: string }>;
}

export function inTerminal(args: string[], options: { env?: Record<string, string | undefined>; cwd?: string; columns?: number } = {}): TerminalRun {
  const env = cliEnv({ TERM: "xterm", ...options.env });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const command = `stty cols ${options.columns ?? 100} rows 30; echo "PID:$$"; exec ${[process.execPath, cliMain(), ...args].map(quote).join(" ")}`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
  let screen = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (screen += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (screen += text));
  child.stdin.on("error", () => {});
  const done = new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      child.stdin.destroy();
      printed.push(screen);
      resolve({ code, screen });
    });
  });
  const shows = (text: string | RegExp) => (typeof text === "string" ? screen.includes(text) : text.test(screen));
  return {
    screen: () => screen,
    type: (text) => child.stdin.write(text),
    async pid() {
      await until(() => /PID:(\d+)/.test(screen));
      return Number(/PID:(\d+)/.exec(screen)![1]);
    },
    async waitFor(text, timeoutMs = 15_000) {
      try {
        await until(() => shows(text), timeoutMs);
      } catch {
        throw new Error(`the terminal never showed ${String(text)}; it shows:\n${screen}`);
      }
    },
    done,
  };
}
