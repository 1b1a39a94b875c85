// npm run check:package [-- --json]: builds and packs the package in a scratch directory, then
// checks the tarball with publint and arethetypeswrong, checks that the shipped code imports
// only declared dependencies, and holds the portable entry to its size budget. Exits 1 on any
// problem. --json prints one machine-readable report (the package tests read it).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packPackage } from "./lib/pack.mjs";
import { lintImports, lintManifest, lintTypes } from "./lib/package-lint.mjs";
import { CORE_BUDGET_BYTES, measureEntry } from "./lib/size-budget.mjs";

const { values } = parseArgs({ options: { json: { type: "boolean" }, keep: { type: "boolean" } } });
const scratch = await mkdtemp(join(tmpdir(), "check-package-"));
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
// dist/wrappers/x.js for the package's own modules, the package name for a dependency's.
const shortName = (file) => (file.includes("/node_modules/") ? file.split("/node_modules/").pop() : `dist/${file.split("/dist/").pop()}`);

let report;
try {
  const packed = await packPackage({ into: scratch });
  const size = await measureEntry(resolve(packed.stage, "dist/index.js"));
  const sizeProblems =
    size.gzipped > CORE_BUDGET_BYTES
      ? [`size: the core entry is ${kB(size.gzipped)} minified and gzipped, over its ${kB(CORE_BUDGET_BYTES)} budget; largest parts: ${size.contributors.map((c) => `${shortName(c.input)} ${kB(c.bytesInOutput)} min`).join(", ")}`]
      : [];
  const checks = {
    publint: await lintManifest(packed.tarball),
    attw: await lintTypes(packed.tarball),
    imports: await lintImports(packed.stage),
    size: sizeProblems,
  };
  report = {
    tarball: packed.tarball,
    files: packed.files,
    packedBytes: packed.size,
    size: { budgetBytes: CORE_BUDGET_BYTES, ...size },
    checks,
    problems: Object.values(checks).flat(),
  };
} catch (error) {
  // A build or pack that fails is a problem of the package too, reported the same way.
  report = { checks: {}, problems: [`package could not be built and packed: ${error.message}`] };
} finally {
  if (!values.keep) await rm(scratch, { recursive: true, force: true });
}

if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  if (report.size) {
    console.log(`core entry: ${kB(report.size.minified)} minified, ${kB(report.size.gzipped)} gzipped (budget ${kB(CORE_BUDGET_BYTES)})`);
    for (const chunk of report.size.lazyChunks) console.log(`  loaded on demand: ${chunk.file} ${kB(chunk.gzipped)} gzipped`);
    console.log(`tarball: ${report.files.length} files, ${kB(report.packedBytes)}`);
  }
  for (const [name, problems] of Object.entries(report.checks)) console.log(`${name}: ${problems.length === 0 ? "ok" : `${problems.length} problem(s)`}`);
  for (const problem of report.problems) console.error(`  ${problem}`);
}
process.exitCode = report.problems.length > 0 ? 1 : 0;
