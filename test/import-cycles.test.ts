// No module of src/ imports itself through others, type-only imports and import() included: a
// cycle makes load order matter (a value read before its module ran is undefined), and a
// newcomer can no longer read the code bottom-up. dpdm finds the cycles.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";

async function cyclesIn(root: string, pattern: string): Promise<string[]> {
  // The tsconfig lets the finder resolve `./x.js` to `./x.ts`, as the compiler does.
  const tree = await parseDependencyTree(pattern, { context: root, cwd: root, tsconfig: join(root, "tsconfig.json"), transform: false, skipDynamicImports: false, extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"] });
  return parseCircular(tree).map((cycle) => cycle.map((file) => relative(root, join(root, file))).join(" -> "));
}

describe("import cycles", () => {
  const scratch = mkdtempSync(join(tmpdir(), "import-cycles-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("src/ has none", async () => {
    expect(await cyclesIn(REPO_ROOT, "src/**/*.ts")).toEqual([]);
  });

  // The finder itself, on a tree with one cycle through a type-only import and one through import().
  it("are found through type-only imports and import()", async () => {
    mkdirSync(join(scratch, "src"));
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true }, include: ["src"] }));
    writeFileSync(join(scratch, "src/a.ts"), 'import type { B } from "./b.js";\nexport type A = { b?: B };\n');
    writeFileSync(join(scratch, "src/b.ts"), 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
    writeFileSync(join(scratch, "src/c.ts"), 'export const loadD = () => import("./d.js");\n');
    writeFileSync(join(scratch, "src/d.ts"), 'import { loadD } from "./c.js";\nexport const again = loadD;\n');
    const cycles = await cyclesIn(scratch, "src/**/*.ts");
    expect(cycles).toHaveLength(2);
    expect(cycles.join("\n")).toMatch(/src\/a\.ts -> src\/b\.ts|src\/b\.ts -> src\/a\.ts/);
    expect(cycles.join("\n")).toMatch(/src\/c\.ts -> src\/d\.ts|src\/d\.ts -> src\/c\.ts/);
  });
});
