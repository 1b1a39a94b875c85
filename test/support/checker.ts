// The compiler the test suite type-checks with: TypeScript 7, the newest release, whose native
// checker takes a few seconds where 5.9 takes half a minute on this project. The package itself
// is still built with the pinned 5.9 (npm run build, npm run typecheck), so both compile every
// file of src/; test/package/typescript-versions.test.ts holds the shipped declarations to 5.4
// and 7.
import { resolve } from "node:path";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

export const TSC = resolve(REPO_ROOT, "node_modules/typescript-7/bin/tsc");
