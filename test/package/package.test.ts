// The package as published: `npm run check:package` must pass (publint, arethetypeswrong, declared
// imports, size budget), and each of its checks must be able to fail on a package that is wrong.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { CLIENT_LIMITS } from "../../scripts/lib/client-install.mjs";
import { checkClient } from "../../scripts/lib/package-checks.mjs";
import { npmCommand, packStage } from "../../scripts/lib/pack.mjs";
import { lintImports, lintManifest, lintTypes } from "../../scripts/lib/package-lint.mjs";
import { CORE_BUDGET_BYTES, measureEntry } from "../../scripts/lib/size-budget.mjs";
import { REPO_ROOT, loadSpec } from "../../scripts/lib/spec.mjs";
import { MCP_SDK } from "../../src/mcp/sdk-peer.js";
import { packedPackage } from "./installed-package.js";
import type { Json } from "../support/json.js";
import { specVersionOf } from "../support/spec-members.js";

const LONG = 240_000;
const CHECK_PACKAGE = resolve(REPO_ROOT, "scripts/check-package.mjs");
const original = () => JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));

interface Report {
  files?: string[];
  install?: { packages: number; bytes: number };
  size?: { gzipped: number; minified: number; lazyChunks: unknown[] };
  checks: Record<string, string[]>;
  problems: string[];
}

describe("npm run check:package", () => {
  let report: Report;
  let status: number | null;
  // The script itself, on the run's one built package (--tarball/--stage: no build of its own).
  beforeAll(async () => {
    const packed = await packedPackage();
    const run = spawnSync(process.execPath, [CHECK_PACKAGE, "--json", "--tarball", packed.tarball, "--stage", packed.stage], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    status = run.status;
    report = JSON.parse(run.stdout) as Report;
  }, LONG);

  it("exits 0 on the package as built", () => {
    expect(report.problems).toEqual([]);
    expect(status).toBe(0);
  });

  it("exits 1 and names the problem when a check cannot pass", async () => {
    // A stage whose built code is missing: the size check cannot even bundle the entry.
    const broken = mkdtempSync(join(inject("runScratch"), "broken-package-"));
    writeFileSync(join(broken, "package.json"), JSON.stringify(original()));
    const run = spawnSync(process.execPath, [CHECK_PACKAGE, "--tarball", (await packedPackage()).tarball, "--stage", broken], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(run.stderr).toMatch(/dist\/index\.js/);
    expect(run.status).toBe(1);
  });

  it("packs the built code, the spec files (3.1 as YAML and JSON, the 3.0 rendering), the Arazzo workflows with their fixtures and the README, and leaves the documentation site out", () => {
    expect(report.files).toEqual(
      expect.arrayContaining([
        "package.json", "README.md", "dist/index.js", "dist/index.d.ts", "dist/node.js", "dist/node.d.ts", "dist/generated/platform.d.ts",
        "dist/generated/validators.js", "dist/platform.json", "dist/version.js", "dist/mock/cli.js", "openapi/platform.yaml", "openapi/platform.arazzo.yaml",
        "openapi/workflow-fixtures/model.part-0.bin", "openapi/platform-3.0.json", "openapi/drift-report.schema.json", "dist/generated/drift-report-validator.js",
      ]),
    );
    // The site (the API reference alone is megabytes) is built from the repository, not shipped.
    expect(report.files!.filter((f) => f.startsWith("docs/"))).toEqual([]);
    // Sources, tests and scripts stay out of the tarball.
    expect(report.files!.filter((f) => /^(src|test|scripts)\//.test(f) || f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
  });

  it("publint reports nothing", () => expect(report.checks.publint).toEqual([]));
  it("arethetypeswrong reports nothing", () => expect(report.checks.attw).toEqual([]));
  it("the shipped code imports only declared dependencies", () => expect(report.checks.imports).toEqual([]));
  it(`a client install (npm init -y, npm install <tarball>, no optional peer) is at most ${CLIENT_LIMITS.packages} packages and ${CLIENT_LIMITS.bytes / 1e6} MB, runs no install script, warns nothing, and works`, () => {
    // The install check also loads both entries, runs platform --help, and asks platform mcp and
    // the MCP entry, without the SDK, for their one line.
    expect(report.checks.install).toEqual([]);
    expect(report.install!.packages).toBeLessThanOrEqual(CLIENT_LIMITS.packages);
    expect(report.install!.bytes).toBeLessThanOrEqual(CLIENT_LIMITS.bytes);
  });
  it(`the core entry is at most ${CORE_BUDGET_BYTES / 1024} kB minified and gzipped`, () => {
    expect(report.checks.size).toEqual([]);
    expect(report.size!.gzipped).toBeLessThanOrEqual(CORE_BUDGET_BYTES);
  });
});

describe("the package checks catch a broken package", () => {
  let scratch: string;
  let stage: string;
  const manifestPath = () => join(stage, "package.json");
  // Repacks the stage with a changed package.json; the built files stay as they are.
  async function packWith(change: (manifest: Json) => void) {
    const manifest = original();
    change(manifest);
    writeFileSync(manifestPath(), JSON.stringify(manifest, null, 2));
    return packStage(stage, mkdtempSync(join(scratch, "pack-")));
  }

  // A copy of the run's one built package, so its manifest can be changed without a rebuild.
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "package-checks-"));
    stage = join(scratch, "stage");
    cpSync((await packedPackage()).stage, stage, { recursive: true });
  }, LONG);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("publint: an export whose types file does not ship", async () => {
    const { tarball } = await packWith((m) => (m.exports["./node"].types = "./dist/missing.d.ts"));
    expect((await lintManifest(tarball)).join("\n")).toMatch(/FILE_DOES_NOT_EXIST/);
  }, LONG);

  it("arethetypeswrong: ESM files in a package that does not say it is ESM", async () => {
    const { tarball } = await packWith((m) => delete m.type);
    expect((await lintTypes(tarball)).join("\n")).toMatch(/attw UnexpectedModuleSyntax: \/.*\/dist\/index\.js/);
  }, LONG);

  it("imports: the runtime dependency left out of package.json", async () => {
    await packWith((m) => delete m.dependencies);
    expect(await lintImports(stage)).toEqual(["cli-progress", "commander", "openapi-fetch", "undici", "yaml"].map((name) => expect.stringContaining(`undeclared dependency: ${name}`)));
  }, LONG);

  it("install: an install script in the published package.json, and an install over its limits", async () => {
    const { tarball } = await packWith((m) => (m.scripts.postinstall = "node -e 0"));
    const { dependencyTarballs } = await packedPackage();
    const client = await checkClient({ tarball, scratch, dependencyTarballs, limits: { packages: 3, bytes: 1e6 } });
    expect(client.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^install: npm warned: .*@platform\/management-client.*postinstall/),
        'install: the published package.json has a "postinstall" script, which npm runs on install',
        `install: ${client.packages} packages, over the limit of 3`,
        expect.stringMatching(/^install: node_modules holds [\d.]+ MB, over the limit of 1\.0 MB$/),
      ]),
    );
  }, LONG);

  it("size: counts what loads on import, not what import() loads later", async () => {
    const dir = mkdtempSync(join(scratch, "size-"));
    const filler = (seed: number) => Array.from({ length: 4000 }, (_, i) => `export const v${i} = ${(i * 7919 + seed) % 104729};`).join("\n");
    writeFileSync(join(dir, "eager.js"), filler(1));
    writeFileSync(join(dir, "lazy.js"), filler(2));
    writeFileSync(join(dir, "entry.js"), `import * as eager from "./eager.js";\nexport const all = eager;\nexport const later = () => import("./lazy.js");\n`);
    const size = await measureEntry(join(dir, "entry.js"));
    expect(size.gzipped).toBeGreaterThan(CORE_BUDGET_BYTES);
    expect(size.lazyChunks).toHaveLength(1);
    expect(size.lazyChunks[0]!.gzipped).toBeGreaterThan(CORE_BUDGET_BYTES);
  }, LONG);

  it("size: a Node built-in in the portable entry does not bundle for browsers", async () => {
    const dir = mkdtempSync(join(scratch, "portable-"));
    writeFileSync(join(dir, "entry.js"), `import { readFile } from "node:fs/promises";\nexport const read = readFile;\n`);
    await expect(measureEntry(join(dir, "entry.js"))).rejects.toThrow(/node:fs/);
  }, LONG);
});

describe("the MCP SDK, an optional peer", () => {
  it("is declared with the range the missing-SDK line names, optional, and kept for the tests", () => {
    const manifest = original();
    expect(manifest.peerDependencies[MCP_SDK.name]).toBe(MCP_SDK.range);
    expect(manifest.peerDependenciesMeta[MCP_SDK.name]).toEqual({ optional: true });
    expect(manifest.dependencies[MCP_SDK.name]).toBeUndefined();
    expect(manifest.devDependencies[MCP_SDK.name]).toBeDefined();
  });
});

describe("npm run build", () => {
  it("refuses a package version that differs from the spec's info.version", () => {
    // A copy of the repo whose package.json says another version; the build must stop before tsc.
    const root = mkdtempSync(join(tmpdir(), "build-version-"));
    try {
      for (const entry of ["scripts", "src", "openapi", "tsconfig.json", "tsconfig.build.json"]) cpSync(resolve(REPO_ROOT, entry), join(root, entry), { recursive: true });
      symlinkSync(resolve(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
      writeFileSync(join(root, "package.json"), JSON.stringify({ ...original(), version: "9.9.9" }));
      const run = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`package.json version 9.9.9 differs from openapi/platform.yaml info.version ${original().version}`);
      expect(existsSync(join(root, "dist"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("run by npm pack in a clone without npm ci, says in one line to run npm ci first (no stack trace)", () => {
    // A copy of the repo as a clone has it before npm ci: no node_modules in it or above it.
    const root = mkdtempSync(join(tmpdir(), "pack-uninstalled-"));
    try {
      for (const entry of ["package.json", "scripts", "src", "openapi", "tsconfig.json", "tsconfig.build.json"]) {
        cpSync(resolve(REPO_ROOT, entry), join(root, entry), { recursive: true });
      }
      for (let dir = root; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, "node_modules/yaml")), `${dir}/node_modules/yaml`).toBe(false);
      const [npm, args] = npmCommand(["pack"]);
      const run = spawnSync(npm, args, { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      const output = run.stdout + run.stderr;
      expect(run.status, output).not.toBe(0);
      expect(output).toMatch(/^build: this repository's dependencies are not installed \(.+ and \d+ more missing\): run npm ci first$/m);
      expect(output).not.toMatch(/Cannot find|ERR_MODULE_NOT_FOUND|^\s+at /m);
      expect(existsSync(join(root, "dist"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, LONG);

  it("stamps the spec's info.version into dist/version.js", async () => {
    const { stage } = await packedPackage();
    const { SPEC_VERSION } = await import(join(stage, "dist/version.js"));
    expect(SPEC_VERSION).toBe(specVersionOf(loadSpec()));
    expect(JSON.parse(readFileSync(join(stage, "dist/platform.json"), "utf8")).info.version).toBe(SPEC_VERSION);
  }, LONG);
});
