// Runs the `platform` command line from the sources, as a process of its own, and keeps every
// byte it printed so the suite can check that no credential ever appeared in any of it.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

export const CLI_MAIN = resolve(REPO_ROOT, "src/cli/main.ts");
const TSX = fileURLToPath(import.meta.resolve("tsx"));

/** Credentials the tests hand the command line; none may ever be printed. */
export const CREDENTIALS = { PLATFORM_API_KEY: "cli-api-key-5d1e9b", PLATFORM_JWT: "eyJcli.jwt-payload.sig7c2" };

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Everything every run printed, for the credential check at the end of a file. */
export const printed: string[] = [];

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  /** The command to run instead of the sources (an installed bin). */
  command?: string[];
}

export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const [file, ...prefix] = options.command ?? [process.execPath, "--import", TSX, CLI_MAIN];
  const env: Record<string, string | undefined> = { ...process.env, ...CREDENTIALS, NO_COLOR: "1", ...options.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(file!, [...prefix, ...args], { cwd: options.cwd ?? REPO_ROOT, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
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
