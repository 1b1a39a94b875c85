// The checks of a packed package, as `npm run check:package` runs them: publint and
// arethetypeswrong on the tarball, declared imports of the shipped code, and the portable
// entry's size budget. Shared by the script and the package tests, which run them on the one
// package a test run builds.
import { resolve } from "node:path";
import { listTarball } from "./pack.mjs";
import { lintImports, lintManifest, lintTypes } from "./package-lint.mjs";
import { CORE_BUDGET_BYTES, measureEntry } from "./size-budget.mjs";

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
// dist/wrappers/x.js for the package's own modules, the package name for a dependency's.
const shortName = (file) => (file.includes("/node_modules/") ? file.split("/node_modules/").pop() : `dist/${file.split("/dist/").pop()}`);

/** The report of every check on `tarball`, packed from the built directory `stage`. */
export async function checkPackage({ tarball, stage }) {
  const size = await measureEntry(resolve(stage, "dist/index.js"));
  const sizeProblems =
    size.gzipped > CORE_BUDGET_BYTES
      ? [`size: the core entry is ${kB(size.gzipped)} minified and gzipped, over its ${kB(CORE_BUDGET_BYTES)} budget; largest parts: ${size.contributors.map((c) => `${shortName(c.input)} ${kB(c.bytesInOutput)} min`).join(", ")}`]
      : [];
  const checks = {
    publint: await lintManifest(tarball),
    attw: await lintTypes(tarball),
    imports: await lintImports(stage),
    size: sizeProblems,
  };
  const { files, packedBytes } = await listTarball(tarball);
  return { tarball, files, packedBytes, size: { budgetBytes: CORE_BUDGET_BYTES, ...size }, checks, problems: Object.values(checks).flat() };
}
