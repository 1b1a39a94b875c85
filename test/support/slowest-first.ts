// The order vitest starts test files in, three workers at a time: a file that takes minutes,
// started last, keeps the run going long after the others ended. vitest orders by the durations it
// cached on an earlier run of the same checkout; a fresh clone (CI) has none, and vitest then
// starts the larger files first, which says little about time (the newcomer's replay is one of
// the smallest files and the longest). So the files measured slowest start first, in the order
// below, then every other file in vitest's own order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The slowest files of a quiet run, slowest first (test/slowest-first.test.ts keeps each one real). */
export const SLOWEST_FILES = [
  "test/docs/newcomer.test.ts",
  "test/docs/site.browser.test.ts",
  "test/docs/newcomer-reference.test.ts",
  "test/docs/reference.browser.test.ts",
  "test/bench/smoke.test.ts",
  "test/docs/guides.test.ts",
  "test/readme.test.ts",
  "test/package/package.test.ts",
  "test/cli/commands.test.ts",
  "test/package/install-section.test.ts",
  "test/package/mock.test.ts",
  "test/mcp/process.test.ts",
  "test/package/runtimes.test.ts",
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FILES.indexOf(relative(root, file.moduleId));
      return at === -1 ? SLOWEST_FILES.length : at;
    };
    // A stable sort: files of the same rank keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
