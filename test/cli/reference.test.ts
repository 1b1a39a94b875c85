// docs/cli-reference.md is what the command tree renders to today (npm run docs:cli writes it):
// a flag, choice or example changed without regenerating the reference fails here.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCliReference } from "../../scripts/lib/cli-reference.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { allCommands, commandTree } from "../../src/cli/completion/command-tree.js";
import { buildProgram } from "../../src/cli/program.js";

const tree = commandTree(buildProgram("reference"));
const rendered: string = renderCliReference(tree);

describe("docs/cli-reference.md", () => {
  it("is what the command tree renders (run npm run docs:cli after changing a command)", () => {
    expect(readFileSync(resolve(REPO_ROOT, "docs/cli-reference.md"), "utf8")).toBe(rendered);
  });

  it("has a section for every command, with the spec's choices and the field each flag fills", () => {
    for (const node of allCommands(tree)) expect(rendered).toContain(`\n## ${["platform", ...node.path].join(" ")}\n`);
    expect(rendered).toMatch(/\| `--model-type` \(required\) \| `<type>` \| .* \| `openSource`, `fineTune` \| deployModel query\.modelType \|/);
  });
});
