// The command line against the library, in one run, on the same file and local sink:
// `platform models import FILE` as a process, beside the library's models.import in a script of
// its own (bench/lib/library-import.ts), process against process, both timed from spawn to exit;
// the library called in this already-warm process is reported too. Then the same command with its
// progress bar drawn on a pseudo-terminal (`script` gives it one), to see what drawing costs, and
// how long `platform --help` takes to start. The command line's peak RSS is its own, read from
// getrusage as it exits.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, MiB, options, runMain, startServer } from "./lib/child.js";

export interface CliBenchOptions {
  file: string;
  fileSize: number;
  sha256: string;
  chunkSize: number;
  concurrency: number;
  repetitions: number;
  startupRuns: number;
  /** The bundled command line (platform.mjs beside this bundle). */
  cli: string;
  /** The bundled library script (library-import.mjs beside this bundle). */
  libraryScript: string;
}

export interface CliBenchResult {
  fileSize: number;
  /** models.import in a script of its own, a process per run. */
  libraryMiBps: number[];
  /** models.import called again and again in this warm process (no start-up, pooled connections). */
  inProcessMiBps: number[];
  cliMiBps: number[];
  cliBarMiBps: number[];
  cliPeakRssMiB: number[];
  cliBarPeakRssMiB: number[];
  startupMs: number[];
  hashOk: boolean;
  problems: string[];
}

const PEAK = "PLATFORM_BENCH_PEAK_RSS_KIB ";

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (out += t));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, seconds: (performance.now() - started) / 1000 }));
  });
}

runMain(async (): Promise<CliBenchResult> => {
  const o = options<CliBenchOptions>();
  const server = await startServer();
  const problems: string[] = [];
  const result: CliBenchResult = { fileSize: o.fileSize, libraryMiBps: [], inProcessMiBps: [], cliMiBps: [], cliBarMiBps: [], cliPeakRssMiB: [], cliBarPeakRssMiB: [], startupMs: [], hashOk: true, problems };
  // Loaded before the command line's own code: reports its peak RSS as it exits.
  const peak = join(process.cwd(), "cli-peak.mjs");
  writeFileSync(peak, `process.on("exit", () => process.stderr.write(${JSON.stringify(PEAK)} + process.resourceUsage().maxRSS + "\\n"));\n`);
  const env = { PLATFORM_BASE_URL: server.url, PLATFORM_API_KEY: API_KEY };
  const importArgs = (progress: string) => [process.execPath, "--import", peak, o.cli, "models", "import", o.file, "--chunk-size", String(o.chunkSize), "--concurrency", String(o.concurrency), "--progress", progress, "--json"];
  const check = async (sessionId: string | undefined, what: string) => {
    if (!sessionId) return void problems.push(`${what}: no sessionId in its output`);
    const sink = (await (await fetch(`${server.url}/__bench/session/${sessionId}`)).json()) as { sha256: string | null };
    if (sink.sha256 !== o.sha256) {
      result.hashOk = false;
      problems.push(`${what}: sink sha256 ${sink.sha256} is not the file's`);
    }
  };
  const mibps = (seconds: number) => o.fileSize / MiB / seconds;
  try {
    const client = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY });
    for (let rep = 0; rep < o.repetitions; rep++) {
      // Rotated, so drift in the machine's load falls on each alike.
      const order = ["in-process", "library", "cli", "cli-bar"].map((_, i, all) => all[(i + rep) % all.length]!);
      for (const variant of order) {
        if (variant === "in-process") {
          const started = performance.now();
          const imported = await client.models.import({ source: o.file, chunkSize: o.chunkSize, concurrency: o.concurrency });
          result.inProcessMiBps.push(mibps((performance.now() - started) / 1000));
          await check(imported.sessionId, "in-process");
          continue;
        }
        if (variant === "library") {
          const ran = await run(process.execPath, [o.libraryScript, o.file, String(o.chunkSize), String(o.concurrency)], env);
          if (ran.code !== 0) problems.push(`the library script exited with ${ran.code}: ${ran.out.slice(-500)}`);
          else result.libraryMiBps.push(mibps(ran.seconds));
          await check(/"sessionId":"([^"]+)"/.exec(ran.out)?.[1], "library script");
          continue;
        }
        const bar = variant === "cli-bar";
        // `script` runs the command on a pseudo-terminal, where the bar is drawn as on a screen.
        const [command, ...args] = bar ? ["script", "-qfec", importArgs("bar").map((a) => `'${a}'`).join(" "), "/dev/null"] : importArgs("none");
        const ran = await run(command!, args, env);
        if (ran.code !== 0) {
          problems.push(`${variant} exited with ${ran.code}: ${ran.out.slice(-500)}`);
          continue;
        }
        (bar ? result.cliBarMiBps : result.cliMiBps).push(mibps(ran.seconds));
        const kib = Number(new RegExp(`${PEAK}(\\d+)`).exec(ran.out)?.[1]);
        (bar ? result.cliBarPeakRssMiB : result.cliPeakRssMiB).push(kib / 1024);
        await check(/"sessionId": "([^"]+)"/.exec(ran.out)?.[1], variant);
      }
    }
    for (let i = 0; i < o.startupRuns; i++) {
      const ran = await run(process.execPath, [o.cli, "--help"], {});
      if (ran.code !== 0) problems.push(`--help exited with ${ran.code}`);
      result.startupMs.push(ran.seconds * 1000);
    }
    return result;
  } finally {
    await server.close();
  }
});
