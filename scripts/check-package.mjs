// npm run check:package [-- --json] [-- --tarball T --stage DIR]: builds and packs the package in
// a scratch directory (or takes a tarball already packed from the built stage DIR), then checks
// the tarball with publint and arethetypeswrong, checks that the shipped code imports only
// declared dependencies, holds the portable entry to its size budget, and installs the tarball
// as a client user would (package count, megabytes, no install script, no npm warning, the
// entries and the command line working without the optional MCP SDK). Exits 1 on any problem.
// --json prints one machine-readable report. The checks themselves are scripts/lib/package-checks.mjs.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packPackage } from "./lib/pack.mjs";
import { checkPackage } from "./lib/package-checks.mjs";
import { CORE_BUDGET_BYTES } from "./lib/size-budget.mjs";

const { values } = parseArgs({ options: { json: { type: "boolean" }, keep: { type: "boolean" }, tarball: { type: "string" }, stage: { type: "string" } } });
if (Boolean(values.tarball) !== Boolean(values.stage)) {
  console.error("check-package: --tarball and --stage go together (the tarball and the built directory it was packed from)");
  process.exit(2);
}
const kB = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} kB`;

let report;
const scratch = await mkdtemp(join(tmpdir(), "check-package-"));
try {
  const packed = values.tarball && values.stage ? { tarball: resolve(values.tarball), stage: resolve(values.stage) } : await packPackage({ into: scratch });
  report = await checkPackage({ ...packed, scratch });
} catch (error) {
  // A build or pack that fails is a problem of the package too, reported the same way.
  report = { checks: {}, problems: [`package could not be built and packed: ${/** @type {Error} */ (error).message}`] };
} finally {
  if (!values.keep) await rm(scratch, { recursive: true, force: true });
}

if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  if (report.size) {
    console.log(`core entry: ${kB(report.size.minified)} minified, ${kB(report.size.gzipped)} gzipped (budget ${kB(CORE_BUDGET_BYTES)})`);
    for (const chunk of report.size.lazyChunks) console.log(`  loaded on demand: ${chunk.file} ${kB(chunk.gzipped)} gzipped`);
    if (report.files) console.log(`tarball: ${report.files.length} files${report.packedBytes ? `, ${kB(report.packedBytes)}` : ""}`);
  }
  if (report.install) {
    const { packages, bytes, limits } = report.install;
    console.log(`client install: ${packages} packages, ${(bytes / 1e6).toFixed(1)} MB (limits ${limits.packages} packages, ${limits.bytes / 1e6} MB)`);
  }
  for (const [name, problems] of Object.entries(report.checks)) console.log(`${name}: ${problems.length === 0 ? "ok" : `${problems.length} problem(s)`}`);
  for (const problem of report.problems) console.error(`  ${problem}`);
}
process.exitCode = report.problems.length > 0 ? 1 : 0;
