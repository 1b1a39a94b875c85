// The stateful mock for the repository's scripts, which run without a build: src/mock/stateful
// is TypeScript, so it is bundled into a temporary module and imported from there.
import { join } from "node:path";
import { importBundled } from "./bundled-source.mjs";
import { REPO_ROOT } from "./spec.mjs";

/** startStatefulMock from the working copy's source. */
export async function loadStatefulMock() {
  return (await importBundled({ entry: join(REPO_ROOT, "src/mock/stateful/server.ts") })).startStatefulMock;
}
