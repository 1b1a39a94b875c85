// Where the two sides of a comparison come from. A side is a file, a released version (kept in
// openapi/releases/ so a fresh or shallow clone has them without git history), or a git ref
// (`main`, `HEAD~3`, `v0.2.0:openapi/platform.yaml`). By default the head is the working tree's
// spec and the base is the last release at or below the head's `info.version`.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { FILE_CAPS, readRegularFileSync } from "../../../src/node/regular-file.js";
import { DEFAULT_SPEC, REPO_ROOT, specPath } from "../spec.mjs";
import { parseSide } from "./document.mjs";
import { compareVersions, parseVersion } from "./versions.mjs";

export const RELEASES_DIR = "openapi/releases";

const inRepo = (/** @type {string} */ file) => {
  const path = relative(REPO_ROOT, file);
  return path.startsWith("..") || isAbsolute(path) ? file : path;
};

/** The released specs, oldest first: `{ version, file }` with `file` relative to the repository. */
export function listReleases(root = REPO_ROOT) {
  const dir = join(root, RELEASES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.\d+\.\d+.*\.yaml$/.test(name))
    .map((name) => ({ version: name.slice(0, -".yaml".length), file: `${RELEASES_DIR}/${name}` }))
    .filter(({ version }) => {
      try {
        parseVersion(version);
        return true;
      } catch {
        return false;
      }
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}

/**
 * The newest release whose version is not above `version` (the release a change is judged against).
 * @param {string} version
 */
export function lastReleaseFor(version, releases = listReleases()) {
  const candidates = releases.filter((r) => compareVersions(r.version, version) <= 0);
  return candidates.at(-1);
}

/**
 * Reads a side from a file on disk.
 * @param {string} file @param {string} [label] how a reader names it (the file's path by default)
 */
export function sideFromFile(file, label) {
  const absolute = resolve(file);
  const shown = inRepo(absolute);
  // A FIFO or a device named as a side is refused at once, never waited on or read for ever.
  let text;
  try {
    text = readRegularFileSync(absolute, { maxBytes: FILE_CAPS.spec, what: "the spec", encoding: "utf8" });
  } catch (caught) {
    const error = /** @type {NodeJS.ErrnoException} */ (caught);
    throw new Error(error.code === "ENOTFILE" || error.code === "EFBIG" ? error.message : `${shown}: cannot be read (${error.code ?? error.message})`);
  }
  return parseSide(text, { file: shown, label: label ?? shown });
}

/**
 * Reads a side from git: `REF` (the spec's path at that ref) or `REF:PATH`.
 * @param {string} spec
 */
export function sideFromGit(spec, root = REPO_ROOT) {
  const colon = spec.indexOf(":");
  const ref = colon > 0 ? spec.slice(0, colon) : spec;
  const path = colon > 0 ? spec.slice(colon + 1) : DEFAULT_SPEC;
  // git would read "-..." as an option (--output=FILE writes a file), whatever comes after "--".
  if (ref.startsWith("-")) throw new Error(`"${spec}" is neither a file, a release in ${RELEASES_DIR}/ nor a git ref: a ref cannot start with "-"`);
  let text;
  try {
    text = execFileSync("git", ["show", `${ref}:${path}`], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  } catch (caught) {
    const error = /** @type {Error & { stderr?: string }} */ (caught);
    const reason = String(error.stderr ?? error.message).trim().split("\n")[0];
    throw new Error(`"${spec}" is neither a file, a release in ${RELEASES_DIR}/ nor a git ref with ${path} (git: ${reason})`);
  }
  return parseSide(text, { file: path, label: `${path} at ${ref}`, ref });
}

/**
 * One side from a command-line argument: a file path, a released version ("0.2.0"), or a git ref.
 * @param {string} arg
 */
export function sideFromArgument(arg, root = REPO_ROOT) {
  if (arg === "") throw new Error("an empty argument names no spec: give a file, a released version or a git ref");
  if (existsSync(resolve(arg))) return sideFromFile(arg);
  const release = listReleases(root).find((r) => r.version === arg);
  if (release) return sideFromFile(join(root, release.file), `${release.version} (${release.file})`);
  return sideFromGit(arg, root);
}

/** The working tree's spec (PLATFORM_SPEC or openapi/platform.yaml). */
export function workingTreeSide() {
  const file = specPath();
  return sideFromFile(file, `${inRepo(file)} (working tree)`);
}

/**
 * Both sides from the command line's BASE and HEAD (either may be missing).
 * @param {{ base?: string | undefined, head?: string | undefined }} args
 */
export function resolveSides({ base, head } = {}) {
  const headSide = head === undefined ? workingTreeSide() : sideFromArgument(head);
  if (base !== undefined) return { base: sideFromArgument(base), head: headSide };
  const version = parseVersion(headSide.version, `info.version of ${headSide.label}`).text;
  const release = lastReleaseFor(version);
  if (!release) throw new Error(`no release at or below ${version} in ${RELEASES_DIR}/: give the base to compare with`);
  return { base: sideFromFile(join(REPO_ROOT, release.file), `${release.version} (${release.file})`), head: headSide };
}
