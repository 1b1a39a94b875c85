// The compiler the test suite type-checks with: TypeScript 7, the newest release, whose native
// checker takes a few seconds where 5.9 takes half a minute on this project. The package itself
// is still built with the pinned 5.9 (npm run build, npm run typecheck), so both compile every
// file of src/; test/package/typescript-versions.test.ts holds the shipped declarations to 5.4
// and 7. TypeScript 7 comes from test/typescript-versions, a folder of its own installed on
// first use (so that npm does not link its `tsc` over the project's).
import { resolve } from "node:path";
import { installOnDemand, TYPESCRIPT_VERSIONS } from "../../scripts/lib/on-demand-install.mjs";

export const TSC = resolve(await installOnDemand(TYPESCRIPT_VERSIONS), "typescript-7/bin/tsc");
