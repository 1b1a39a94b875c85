// The build's "run npm ci first" check asks only for what the build loads: every package the
// build's scripts and src/ import is on its list, and a devDependency the build never loads (the
// linter, the test runner) is not, so a stale install without it still packs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { buildDependencies, missingDependencies } from "../../scripts/lib/installed-dependencies.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const isBare = (specifier: string) => !specifier.startsWith(".") && !specifier.startsWith("node:") && !specifier.startsWith("/");

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map(({ fileName }) => fileName);
}

/**
 * The packages a script imports, following its relative imports (static and import()), and the
 * packages whose command it runs through node-cli.mjs's cliEntry (tsc).
 */
function scriptPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, name] of readFileSync(file, "utf8").matchAll(/cliEntry\("([^"]+)"/g)) packages.add(String(name));
    for (const specifier of importsOf(file)) {
      if (isBare(specifier)) packages.add(packageName(specifier));
      else if (specifier.startsWith(".") && /\.m?js$/.test(specifier) && file.endsWith(".mjs")) visit(resolve(dirname(file), specifier));
    }
  };
  visit(entry);
  return packages;
}

function sourcePackages(dir: string): Set<string> {
  const packages = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|js|cjs)$/.test(entry.name)) continue;
    for (const specifier of importsOf(join(entry.parentPath, entry.name))) if (isBare(specifier)) packages.add(packageName(specifier));
  }
  return packages;
}

describe("the packages npm run build needs", () => {
  const needed = new Set(buildDependencies());

  it("include every package the build's scripts import or run", () => {
    const imported = [...scriptPackages(resolve(REPO_ROOT, "scripts/build.mjs"))];
    expect(imported).toContain("typescript");
    expect(imported.filter((name) => !needed.has(name))).toEqual([]);
  });

  it("include every package src/ imports, which tsc must resolve", () => {
    const imported = [...sourcePackages(resolve(REPO_ROOT, "src"))];
    expect(imported).toContain("openapi-fetch");
    expect(imported.filter((name) => !needed.has(name))).toEqual([]);
  });

  it("leave out the devDependencies the build never loads", () => {
    expect(needed.has("@biomejs/biome")).toBe(false);
    expect(needed.has("vitest")).toBe(false);
  });
});

describe("missingDependencies", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("names the packages node_modules lacks, and only those", () => {
    root = mkdtempSync(join(tmpdir(), "build-dependencies-"));
    for (const name of ["yaml", "@types/node"]) {
      mkdirSync(join(root, "node_modules", name), { recursive: true });
      writeFileSync(join(root, "node_modules", name, "package.json"), "{}");
    }
    expect(missingDependencies(["yaml", "@types/node", "typescript", "@biomejs/biome"], root)).toEqual(["typescript", "@biomejs/biome"]);
  });
});
