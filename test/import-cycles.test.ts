// No module of src/ imports itself through others, type-only imports and import() included: a
// cycle makes load order matter (a value read before its module ran is undefined), and a
// newcomer can no longer read the code bottom-up. The TypeScript compiler's own reading of the
// imports finds the cycles (test/support/import-graph.ts).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { importCycles } from "./support/import-graph.js";

describe("import cycles", () => {
  const scratch = mkdtempSync(join(tmpdir(), "import-cycles-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("src/ has none", async () => {
    expect(importCycles(REPO_ROOT)).toEqual([]);
  });

  // The finder itself, on a tree with one cycle through a type-only import and one through import().
  it("are found through type-only imports and import()", async () => {
    mkdirSync(join(scratch, "src"));
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true }, include: ["src"] }));
    writeFileSync(join(scratch, "src/a.ts"), 'import type { B } from "./b.js";\nexport type A = { b?: B };\n');
    writeFileSync(join(scratch, "src/b.ts"), 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
    writeFileSync(join(scratch, "src/c.ts"), 'export const loadD = () => import("./d.js");\n');
    writeFileSync(join(scratch, "src/d.ts"), 'import { loadD } from "./c.js";\nexport const again = loadD;\n');
    const cycles = importCycles(scratch);
    expect(cycles).toHaveLength(2);
    expect(cycles.join("\n")).toMatch(/src\/a\.ts -> src\/b\.ts|src\/b\.ts -> src\/a\.ts/);
    expect(cycles.join("\n")).toMatch(/src\/c\.ts -> src\/d\.ts|src\/d\.ts -> src\/c\.ts/);
  });
});
