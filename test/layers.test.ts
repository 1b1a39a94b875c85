// The folders of src/ depend one way: the surfaces (the CLI, the MCP server, the mocks) on the
// Node entry, the Node entry on the client, the client on the drift checks, and all of them on
// the kernel and the generated code, which import nothing of ours. Type-only imports and
// import() count: a type pulled from above ties the lower folder to the upper one all the same.
// The TypeScript compiler's own reading of the imports finds them (test/support/import-graph.ts).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { layerViolations, type Layer } from "./support/import-graph.js";

const BELOW_NODE = ["client", "drift", "kernel", "generated"];
const LAYERS: Layer[] = [
  { name: "kernel", paths: ["src/kernel/"], mayImport: [] },
  { name: "generated", paths: ["src/generated/"], mayImport: [] },
  { name: "drift", paths: ["src/drift/"], mayImport: ["kernel", "generated"] },
  { name: "client", paths: ["src/wrappers/", "src/index.ts"], mayImport: ["drift", "kernel", "generated"] },
  { name: "node", paths: ["src/node/", "src/node.ts"], mayImport: BELOW_NODE },
  { name: "mock", paths: ["src/mock/"], mayImport: ["node", ...BELOW_NODE] },
  { name: "mcp", paths: ["src/mcp/", "src/mcp.ts"], mayImport: ["node", ...BELOW_NODE] },
  // The CLI serves the MCP server (platform mcp): the one surface that hosts another.
  { name: "cli", paths: ["src/cli/"], mayImport: ["mcp", "node", ...BELOW_NODE] },
];

describe("the layers of src/", () => {
  const scratch = mkdtempSync(join(tmpdir(), "layers-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("are imported one way only", () => {
    expect(layerViolations(REPO_ROOT, LAYERS)).toEqual([]);
  });

  // The check itself, on a tree where the kernel reaches up through a type-only import, drift
  // through import(), and a folder has no layer.
  it("finds upward imports, type-only and import() included, and files outside every layer", () => {
    for (const dir of ["kernel", "drift", "wrappers", "extra"]) mkdirSync(join(scratch, "src", dir), { recursive: true });
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true }, include: ["src"] }));
    writeFileSync(join(scratch, "src/wrappers/client.ts"), 'import { fail } from "../kernel/errors.js";\nexport type Client = { fail: typeof fail };\n');
    writeFileSync(join(scratch, "src/kernel/errors.ts"), 'import type { Client } from "../wrappers/client.js";\nexport const fail = (client?: Client) => client;\n');
    writeFileSync(join(scratch, "src/drift/report.ts"), 'export const load = () => import("../wrappers/client.js");\n');
    writeFileSync(join(scratch, "src/extra/loose.ts"), "export const loose = 1;\n");
    expect(layerViolations(scratch, LAYERS).sort()).toEqual([
      "src/drift/report.ts -> src/wrappers/client.ts (drift may not import client)",
      "src/extra/loose.ts belongs to no layer",
      "src/kernel/errors.ts -> src/wrappers/client.ts (kernel may not import client)",
    ]);
  });
});
