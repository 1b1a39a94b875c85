// The test run's order (test/support/slowest-first.ts): the files it starts first are files of
// this repository, each once, and they go before every other file, slowest first.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { SLOWEST_FILES, SlowestFirst } from "./support/slowest-first.js";

// What the sequencer reads of vitest: the root, and an empty cache (a fresh clone).
const ctx = { config: { root: REPO_ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;
const project = { name: "", config: { sequence: { groupOrder: 0 }, isolate: true } };
const spec = (path: string) => ({ moduleId: resolve(REPO_ROOT, path), project }) as unknown as TestSpecification;
const pathOf = (file: TestSpecification) => file.moduleId.slice(REPO_ROOT.length + 1);

describe("the slowest files first", () => {
  it("names test files of this repository, each once", () => {
    expect(SLOWEST_FILES.filter((path) => !existsSync(resolve(REPO_ROOT, path)))).toEqual([]);
    expect(new Set(SLOWEST_FILES).size).toBe(SLOWEST_FILES.length);
  });

  it("starts them before any other file, in their order, and the others in vitest's", async () => {
    const others = ["test/kernel/sleep.test.ts", "test/layers.test.ts"];
    const given = [others[0]!, SLOWEST_FILES[2]!, others[1]!, SLOWEST_FILES[0]!, SLOWEST_FILES[1]!].map(spec);
    const sorted = await new SlowestFirst(ctx).sort(given);
    expect(sorted.map(pathOf)).toEqual([SLOWEST_FILES[0], SLOWEST_FILES[1], SLOWEST_FILES[2], ...others]);
  });
});
