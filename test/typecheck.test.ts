// The whole project (sources, tests, generated code) compiles under the strict tsconfig: type
// behaviour such as a missing provider field being an error is part of what the tests promise.
// The scripts and the benchmarks' runner are JavaScript, checked through their JSDoc types by
// tsconfig.scripts.json, the second half of `npm run typecheck`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { TSC } from "./support/checker.js";

const SCRIPTS_TSCONFIG = resolve(REPO_ROOT, "tsconfig.scripts.json");
const tsc = (...args: string[]) => spawnSync(process.execPath, [TSC, ...args], { encoding: "utf8" });

it("tsc --noEmit reports nothing", () => {
  const run = tsc("--noEmit", "-p", REPO_ROOT);
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
}, 120_000);

describe("the scripts and the benchmarks' runner", () => {
  it("are checked by npm run typecheck", () => {
    const { scripts } = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));
    expect(scripts.typecheck).toContain("tsc --noEmit -p tsconfig.scripts.json");
  });

  it("every JavaScript file of scripts/ and bench/ is in the checked program", () => {
    const tracked = spawnSync("git", ["ls-files", "scripts", "bench"], { cwd: REPO_ROOT, encoding: "utf8" }).stdout.split("\n");
    const javascript = tracked.filter((file) => /\.(mjs|js)$/.test(file));
    expect(javascript.length).toBeGreaterThan(100);
    const listed = new Set(tsc("--noEmit", "--listFilesOnly", "-p", SCRIPTS_TSCONFIG).stdout.split("\n").map((line) => line.trim()));
    expect(javascript.filter((file) => !listed.has(resolve(REPO_ROOT, file)))).toEqual([]);
  }, 120_000);

  it("tsc -p tsconfig.scripts.json reports nothing", () => {
    const run = tsc("--noEmit", "-p", SCRIPTS_TSCONFIG);
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 120_000);

  it("a type error planted in a script fails the check, under the strict options of src/", () => {
    const dir = mkdtempSync(join(tmpdir(), "planted-script-"));
    try {
      // A script calling a real one wrongly, an index read without its undefined case
      // (noUncheckedIndexedAccess, as in src/), and a parameter without a type (noImplicitAny).
      const versions = resolve(REPO_ROOT, "scripts/lib/spec-diff/versions.mjs");
      writeFileSync(
        join(dir, "planted.mjs"),
        [
          `import { parseVersion } from ${JSON.stringify(versions)};`,
          `export const minor = parseVersion("1.2.3").minor.toUpperCase();`,
          `export const first = ["a"][0].toUpperCase();`,
          `export const untyped = (value) => value;`,
          "",
        ].join("\n"),
      );
      const config = { extends: SCRIPTS_TSCONFIG, compilerOptions: { typeRoots: [resolve(REPO_ROOT, "node_modules/@types")] }, include: ["planted.mjs"] };
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
      const run = tsc("--noEmit", "-p", dir);
      expect(run.status).not.toBe(0);
      expect(run.stdout).toMatch(/planted\.mjs\(2,\d+\): error TS2339: Property 'toUpperCase' does not exist on type 'number'/);
      expect(run.stdout).toMatch(/planted\.mjs\(3,\d+\): error TS2532: Object is possibly 'undefined'/);
      expect(run.stdout).toMatch(/planted\.mjs\(4,\d+\): error TS7006: Parameter 'value' implicitly has an 'any' type/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
