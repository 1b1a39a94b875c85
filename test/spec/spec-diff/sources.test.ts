// Where the two sides come from: the released specs a fresh clone has (openapi/releases/), a file,
// a released version, or a git ref (read with `git show` in a throwaway repository here, so the
// test does not depend on this clone's history), and the errors that name what went wrong.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSide } from "../../../scripts/lib/spec-diff/document.mjs";
import { lastReleaseFor, listReleases, sideFromArgument, sideFromGit } from "../../../scripts/lib/spec-diff/sources.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));
const changelog = readFileSync(resolve(REPO_ROOT, "CHANGELOG.md"), "utf8");

describe("released specs", () => {
  it("keeps every release the changelog names before the current version, each with its own info.version", () => {
    const released = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((m) => m[1]).filter((v) => v !== manifest.version);
    expect(released.length).toBeGreaterThanOrEqual(2);
    const kept = listReleases();
    expect(kept.map((r) => r.version)).toEqual([...released].reverse());
    for (const release of kept) expect(sideFromArgument(release.version).version, release.file).toBe(release.version);
  });

  it("picks the newest release at or below a version as the base", () => {
    const releases = [{ version: "0.1.0", file: "a" }, { version: "0.2.0", file: "b" }, { version: "1.0.0", file: "c" }];
    expect(lastReleaseFor("0.3.0", releases)?.version).toBe("0.2.0");
    expect(lastReleaseFor("0.2.0", releases)?.version).toBe("0.2.0");
    expect(lastReleaseFor("1.0.0-rc.1", releases)?.version).toBe("0.2.0");
    expect(lastReleaseFor("0.0.9", releases)).toBeUndefined();
  });
});

describe("sides", () => {
  const spec = (version: string) => `openapi: 3.1.0\ninfo:\n  title: T\n  version: ${version}\npaths: {}\n`;

  it("reads a git ref, and REF:PATH, from a repository", () => {
    const repo = mkdtempSync(join(tmpdir(), "spec-diff-git-"));
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: repo,
        stdio: "pipe",
        env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.invalid" },
      });
    git("init", "-q");
    mkdirSync(join(repo, "openapi"));
    writeFileSync(join(repo, "openapi/platform.yaml"), spec("0.4.0"));
    writeFileSync(join(repo, "other.yaml"), spec("9.9.9"));
    git("add", ".");
    git("commit", "-qm", "one");
    git("tag", "v0.4.0");
    writeFileSync(join(repo, "openapi/platform.yaml"), spec("0.5.0"));
    const side = sideFromGit("v0.4.0", repo);
    expect(side).toMatchObject({ version: "0.4.0", ref: "v0.4.0", file: "openapi/platform.yaml", label: "openapi/platform.yaml at v0.4.0" });
    expect(sideFromGit("HEAD:other.yaml", repo).version).toBe("9.9.9");
    expect(() => sideFromGit("no-such-ref", repo)).toThrow(/"no-such-ref" is neither a file, a release in openapi\/releases\/ nor a git ref with openapi\/platform\.yaml \(git: fatal: /);
  });

  it("refuses what is not an OpenAPI 3 document, naming it", () => {
    expect(() => parseSide("a: [1, 2\n", { file: "broken.yaml" })).toThrow(/^broken\.yaml: not a readable spec: /);
    expect(() => parseSide("- 1\n", { file: "list.yaml" })).toThrow("list.yaml: not an OpenAPI document (no top-level mapping)");
    expect(() => parseSide("swagger: '2.0'\ninfo: {}\n", { file: "old.yaml" })).toThrow("old.yaml: Swagger 2.0 documents are not compared; only OpenAPI 3.x");
    expect(() => parseSide("a: 1\na: 2\n", { file: "twice.yaml" })).toThrow(/twice\.yaml: not a readable spec: .*unique/i);
    expect(() => sideFromArgument("")).toThrow("an empty argument names no spec");
  });

  it("maps pointers to the lines they are written on", () => {
    const side = parseSide("openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a/{b}:\n    get:\n      tags: [x, y]\n", { file: "f.yaml" });
    expect(side.lines.get("/paths/~1a~1{b}/get")).toBe(7);
    expect(side.lines.get("/paths/~1a~1{b}/get/tags/1")).toBe(8);
    expect(side.lines.get("/info/version")).toBe(4);
  });
});

describe("hostile sides", () => {
  const bomb = ["openapi: 3.1.0", "info: { title: T, version: 1.0.0 }", "paths: {}", 'a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (const level of "bcdefghij") bomb.push(`${level}: &${level} [${Array(9).fill(`*${String.fromCharCode(level.charCodeAt(0) - 1)}`).join(",")}]`);

  it("refuses a YAML alias bomb instead of expanding it", () => {
    expect(() => parseSide(bomb.join("\n"), { file: "bomb.yaml" })).toThrow(/bomb\.yaml: not a readable spec: its aliases expand past 100 nodes/);
  });

  it("still reads the repository's spec and releases, which use a few aliases", () => {
    for (const release of listReleases()) expect(sideFromArgument(release.version).version).toBe(release.version);
  });

  it("never passes a base starting with - to git as an option", () => {
    const repo = mkdtempSync(join(tmpdir(), "spec-diff-dash-"));
    const written = join(repo, "written-by-git");
    expect(() => sideFromGit(`--output=${written}`, repo)).toThrow('a ref cannot start with "-"');
    expect(() => sideFromArgument(`--output=${written}`, repo)).toThrow('a ref cannot start with "-"');
    expect(existsSync(written)).toBe(false);
  });

  it("refuses a FIFO named as a side at once", () => {
    const dir = mkdtempSync(join(tmpdir(), "spec-diff-fifo-"));
    execFileSync("mkfifo", [join(dir, "spec.yaml")]);
    expect(() => sideFromArgument(join(dir, "spec.yaml"))).toThrow(/is a FIFO, not a regular file/);
  });
});
