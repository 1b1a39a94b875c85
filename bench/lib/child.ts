// What every benchmark entry shares: its options (JSON in argv[2], from bench/run.mjs), the
// local server started as a separate process, and the one result line the orchestrator reads.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { runProcess } from "../../scripts/lib/process-run.mjs";

export const RESULT_PREFIX = "BENCH_RESULT ";
export const API_KEY = "bench-key-0123456789abcdef";
export const JWT = "bench-jwt-0123456789abcdef";
export const MiB = 1024 * 1024;

export function options<T>(): T {
  const text = process.argv[2];
  if (!text) throw new Error("expected the benchmark's options as JSON in argv[2]");
  return JSON.parse(text) as T;
}

export function report(result: unknown): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

/** Runs `main`, reports what it returns, and exits: nothing a benchmark leaves open keeps it alive. */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    (result) => {
      report(result);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts bench/lib/server.ts (bundled as server.mjs next to this bundle) in its own process.
 * It exits when our end of its stdin closes, so it cannot outlive this process.
 */
export async function startServer(args: string[] = []): Promise<BenchServer> {
  const here = dirname(fileURLToPath(import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [join(here, "server.mjs"), ...args], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("the bench server did not start within 30 s")), 30_000);
    lines.on("line", (line) => {
      if (!line.startsWith("LISTEN ")) return;
      clearTimeout(timer);
      lines.close();
      resolve(line.slice("LISTEN ".length).trim());
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code} before listening`));
    });
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.stdin!.end();
      }),
  };
}

/** Peak resident set size of this process so far, in MiB (getrusage ru_maxrss). */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("run with node --expose-gc");
  collect();
  collect();
}

/** Runs a command to its end: its exit code, stdout and stderr together, and its wall time in seconds. */
export async function runCommand(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; seconds: number }> {
  const { code, output, seconds } = await runProcess(command, args, { env: { ...process.env, ...env } });
  return { code, out: output, seconds };
}

const PEAK = "PLATFORM_BENCH_PEAK_RSS_KIB ";
const CPU = "PLATFORM_BENCH_CPU_US ";

/**
 * Writes, into `dir`, a module to load with `node --import` before a program under test: as the
 * process exits it writes its peak RSS and CPU time to stderr, read back by exitFigures. Returns
 * its path.
 */
export function writeExitProbe(dir: string): string {
  const file = join(dir, "exit-probe.mjs");
  writeFileSync(
    file,
    `process.on("exit", () => { const u = process.resourceUsage(); process.stderr.write(${JSON.stringify(PEAK)} + u.maxRSS + "\\n" + ${JSON.stringify(CPU)} + (u.userCPUTime + u.systemCPUTime) + "\\n"); });\n`,
  );
  return file;
}

/** What the exit probe wrote: the peak RSS (MiB) and the CPU time (s); NaN when it wrote nothing. */
export function exitFigures(text: string): { peakMiB: number; cpuSeconds: number } {
  return { peakMiB: Number(new RegExp(`${PEAK}(\\d+)`).exec(text)?.[1]) / 1024, cpuSeconds: Number(new RegExp(`${CPU}(\\d+)`).exec(text)?.[1]) / 1e6 };
}

/** Whether the bench server's sink received the file's bytes for this session: a problem to report, or undefined. */
export async function sinkProblem(serverUrl: string, sessionId: string | undefined, sha256: string, what: string): Promise<string | undefined> {
  if (!sessionId) return `${what}: no sessionId in its output`;
  const sink = (await (await fetch(`${serverUrl}/__bench/session/${sessionId}`)).json()) as { sha256: string | null };
  return sink.sha256 === sha256 ? undefined : `${what}: sink sha256 ${sink.sha256} is not the file's`;
}
