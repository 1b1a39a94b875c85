// The spec differ (issue 22): the whole spec against its previous release, as a reviewer or CI
// waits for it, `node scripts/spec-diff.mjs BASE HEAD --json` from spawn to exit (start-up, both
// parses, the comparison, the JSON); and the comparison alone in this warm process (read, parse,
// diff: no start-up). Each pair of specs is measured alike; the orchestrator passes the working
// tree against its last release, and the last two releases, whose diff has changes of every level.
import { runProcess } from "../scripts/lib/process-run.mjs";
import { diffSpecs, sideFromFile } from "../scripts/lib/spec-diff/index.mjs";
import { options, runMain } from "./lib/child.js";

export interface SpecDiffBenchOptions {
  repoRoot: string;
  /** Process runs per pair (the in-process runs are twice as many, after one warm-up). */
  runs: number;
  pairs: Array<{ label: string; base: string; head: string }>;
}

export interface SpecDiffBenchResult {
  pairs: Array<{ label: string; changes: number; level: string; processMs: number[]; inProcessMs: number[] }>;
}

async function timeProcess(repoRoot: string, base: string, head: string): Promise<number> {
  const run = await runProcess(process.execPath, [`${repoRoot}/scripts/spec-diff.mjs`, base, head, "--json"], { cwd: repoRoot });
  if (run.code !== 0) throw new Error(`spec-diff exited with ${run.code}: ${run.stderr.trim()}`);
  return run.seconds * 1000;
}

runMain(async (): Promise<SpecDiffBenchResult> => {
  const o = options<SpecDiffBenchOptions>();
  const pairs: SpecDiffBenchResult["pairs"] = [];
  for (const pair of o.pairs) {
    const processMs: number[] = [];
    for (let i = 0; i < o.runs; i++) processMs.push(await timeProcess(o.repoRoot, pair.base, pair.head));
    const once = () => diffSpecs(sideFromFile(pair.base), sideFromFile(pair.head));
    const report = once();
    const inProcessMs: number[] = [];
    for (let i = 0; i < o.runs * 2; i++) {
      const started = performance.now();
      once();
      inProcessMs.push(performance.now() - started);
    }
    pairs.push({ label: pair.label, changes: report.changes.length, level: report.level, processMs, inProcessMs });
  }
  return { pairs };
});
