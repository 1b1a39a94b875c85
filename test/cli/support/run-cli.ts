// Runs the `platform` command line as a process of its own, from the one build of this test run
// (./build-cli.ts), and keeps every byte it printed so the suite can check that no credential
// ever appeared in any of it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

/** The bundled entry of this run: `node <cliMain> args…`. */
export const cliMain = (): string => inject("cliMain");

/** Credentials the tests hand the command line; none may ever be printed. */
export const CREDENTIALS = { PLATFORM_API_KEY: "cli-api-key-5d1e9b", PLATFORM_JWT: "eyJcli.jwt-payload.sig7c2" };

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

// A profiles folder of this test file's own, empty unless a test writes there: the developer's
// own ~/.config/platform never takes part. It lives in the run's scratch folder, removed at the end.
let configHome: string | undefined;
export const emptyConfigHome = (): string => (configHome ??= mkdtempSync(join(inject("cliScratch"), "config-")));

/** Everything every run printed, for the credential check at the end of a file. */
/**
 * The environment a test's `platform` runs in: settings the developer's shell may hold do not
 * leak into a test, only what the test gives (`extra`, last), with the test credentials and an
 * empty config folder.
 */
export function cliEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ...process.env,
    PLATFORM_BASE_URL: undefined,
    PLATFORM_HOST: undefined,
    PLATFORM_PROFILE: undefined,
    PLATFORM_DEBUG: undefined,
    XDG_CONFIG_HOME: emptyConfigHome(),
    ...CREDENTIALS,
    ...extra,
  };
}

export const printed: string[] = [];

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  /** The command to run instead of this run's build (an installed bin). */
  command?: string[];
}

export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const [file, ...prefix] = options.command ?? [process.execPath, cliMain()];
  const env = cliEnv({ NO_COLOR: "1", ...options.env });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(file!, [...prefix, ...args], { cwd: options.cwd ?? REPO_ROOT, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  // A command that exits before reading stdin closes the pipe under our write: nothing to report.
  child.stdin!.on("error", () => {});
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  else child.stdin!.end();
  const done = new Promise<CliRun>((resolveRun, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      printed.push(stdout, stderr);
      resolveRun({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

export function cli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return startCli(args, options).done;
}

/** A failure message with what the command printed. */
export const shown = (run: CliRun): string => `exit ${run.code ?? run.signal}\n--- stdout\n${run.stdout.slice(-3000)}\n--- stderr\n${run.stderr.slice(-3000)}`;

/** JSON Lines on stdout, parsed. */
export const jsonLines = (run: CliRun): unknown[] => run.stdout.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as unknown);
