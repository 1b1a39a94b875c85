// The README's client examples are code, not prose: each `// readme:` block is extracted into a
// module, type-checked with the project's strict settings, and run against the Prism mock and
// against the stateful mock (where the models and tools the samples name exist already).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startPrism } from "../scripts/lib/prism.mjs";
import { startStatefulMock } from "../src/mock/stateful/server.js";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";

const BLOCK = /```ts\n\/\/ readme: (\w+)\n([\s\S]*?)```/g;
const blocks = [...readFileSync(resolve(REPO_ROOT, "README.md"), "utf8").matchAll(BLOCK)].map((m) => ({ name: m[1]!, code: m[2]! }));

// The package's own names, mapped to the sources until the package is built.
const ENTRY_POINTS: Record<string, string> = {
  "@platform/management-client/node": "../../src/node.js",
  "@platform/management-client": "../../src/index.js",
};

function snippetModule(): string {
  const imports = new Set<string>();
  const bodies = blocks.map(({ name, code }) => {
    const body = code
      .split("\n")
      .filter((line) => {
        if (!line.startsWith("import ")) return true;
        imports.add(line.replace(/"([^"]+)"/, (_, spec: string) => `"${ENTRY_POINTS[spec] ?? spec}"`));
        return false;
      })
      .join("\n");
    return name === "setup"
      ? `export async function setup() {\n${body}\nreturn client;\n}`
      : `export async function snippet_${name}(client: Client) {\n${body}\n}`;
  });
  return [...imports, "type Client = ReturnType<typeof createPlatformClient>;", ...bodies].join("\n");
}

const dir = resolve(REPO_ROOT, "test/.readme");
const file = join(dir, "snippets.ts");
let prism: { url: string; stop(): Promise<void> };
let stateful: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, snippetModule());
  [prism, stateful] = await Promise.all([startPrism(), startStatefulMock({ existing: { models: ["cm-4e5f6a7b"], tools: ["a-5e6f7a8b"] } })]);
}, 60_000);
afterAll(async () => Promise.all([prism?.stop(), stateful?.stop()]));

describe("README client examples", () => {
  it("cover every capability", () => {
    expect(blocks.map((b) => b.name)).toEqual(["setup", "connections", "chunks", "jobs", "import", "tools", "errors"]);
  });

  it("type-check under the project's strict settings", () => {
    const tsc = resolve(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const args = ["--noEmit", "--strict", "--noUncheckedIndexedAccess", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2022,dom,dom.iterable", "--types", "node", "--skipLibCheck", file];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);

  it.each(["prism", "stateful"] as const)("run against the %s mock", async (which) => {
    const snippets = (await import(file)) as Record<string, (client?: unknown) => Promise<unknown>>;
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const work = mkdtempSync(join(tmpdir(), "readme-"));
    writeFileSync(join(work, "model.tar"), Buffer.alloc(3 * 1024 * 1024 + 7, 1));
    const cwd = process.cwd();
    process.chdir(work);
    try {
      expect(await snippets.setup!()).toBeDefined();
      const { createPlatformClient } = await import("../src/node.js");
      // A static mock answers every list request with its first example, a page that says more
      // follows; asking for the last page instead lets the README's loop end as it would live.
      // The stateful mock pages its own chunks and needs no such help.
      const lastPage = (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        if (request.url.endsWith("/chunk/list")) request.headers.set("Prefer", "example=chunkPageLast");
        return fetch(request);
      };
      const client =
        which === "prism"
          ? createPlatformClient({ baseUrl: prism.url, apiKey: "readme-api-key", jwt: "readme.jwt.token", fetch: lastPage })
          : createPlatformClient({ baseUrl: stateful.url, apiKey: "readme-api-key", jwt: "readme.jwt.token" });
      for (const { name } of blocks.filter((b) => b.name !== "setup")) {
        await expect(snippets[`snippet_${name}`]!(client), name).resolves.toBeUndefined();
      }
      const printed = log.mock.calls.map((c) => c.join(" ")).join("\n");
      expect(printed).toContain("hyperParameters.temperature must be <= 2");
      expect(printed).toMatch(/chunks$/m);
    } finally {
      process.chdir(cwd);
      log.mockRestore();
    }
  }, 60_000);
});
