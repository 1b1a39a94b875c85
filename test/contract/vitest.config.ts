// The contract suite on its own: `npx vitest run -c test/contract/vitest.config.ts`.
// It is the root config plus the Prism globalSetup, limited to test/contract. Once the root
// config lists the globalSetup itself, `npm test` runs the contract files with everything else
// and this file only narrows the run.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import root from "../../vitest.config.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const repo = resolve(here, "../..");
const globalSetup = resolve(here, "global-setup.ts");

// mergeConfig concatenates arrays: adding the setup again when the root config already has it
// would start two Prisms, so it is added only when missing (root paths are relative to the repo).
const rootSetups = [root.test?.globalSetup ?? []].flat().map((p) => resolve(repo, p));
const merged = mergeConfig(root, defineConfig({ test: rootSetups.includes(globalSetup) ? {} : { globalSetup: [globalSetup] } }));

// `include` is replaced rather than merged, for the same reason: only the contract files.
export default defineConfig({ ...merged, root: repo, test: { ...merged.test, include: ["test/contract/**/*.test.ts"] } });
