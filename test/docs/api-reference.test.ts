// npm run docs:api: TypeDoc renders the client's reference (portable entry, Node entry, mock
// helper) without errors, and the pages load only their own assets.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEntry } from "../../scripts/lib/node-cli.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

const out = mkdtempSync(join(tmpdir(), "api-reference-"));
let run: ReturnType<typeof spawnSync>;
beforeAll(() => {
  run = spawnSync(process.execPath, [cliEntry("typedoc", "typedoc"), "--out", out], { cwd: REPO_ROOT, encoding: "utf8" });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the TypeDoc reference", () => {
  it("builds without errors or warnings (every type the API names is exported and documented)", () => {
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\[error\]|\[warning\]/);
  });

  it("documents each entry point and its main functions", () => {
    const pages = [
      "modules/index.html", "modules/node.html", "modules/mock_start-mock.html", "modules/mcp.html",
      "functions/index.createPlatformClient.html", "functions/node.createPlatformClient.html", "functions/mock_start-mock.startMock.html",
      "functions/mcp.createMcpServer.html", "classes/index.ValidationError.html",
    ];
    for (const page of pages) {
      expect(existsSync(join(out, page)), page).toBe(true);
    }
  });

  it("loads scripts and styles only from its own files", () => {
    const pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"));
    const remote = pages.filter((page) => /<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.test(readFileSync(join(out, page), "utf8")));
    expect(remote).toEqual([]);
  });
});
