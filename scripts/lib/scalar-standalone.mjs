// Scalar's API reference renderer as the site uses it: the one file of its package that runs in a
// browser by itself (dist/browser/standalone.js, 3.5 MB), rather than the whole framework (about
// 300 packages) as a devDependency. It is taken from the registry's tarball of the pinned version
// (`npm pack`, which npm's cache answers offline once it has it) and checked against the pinned
// sha256 before anything uses it: a changed file is refused, not served. Kept in .cache/ at the
// repository's root, so a docs build after the first asks npm for nothing.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { npmCommand } from "./pack.mjs";
import { runProcess } from "./process-run.mjs";
import { REPO_ROOT } from "./spec.mjs";

/**
 * The pinned file: to move to another version, change both the version and the sha256.
 * @typedef {{ readonly name: string, readonly version: string, readonly file: string, readonly sha256: string }} Pin
 * @type {Pin}
 */
export const SCALAR_STANDALONE = Object.freeze({
  name: "@scalar/api-reference",
  version: "1.46.4",
  file: "dist/browser/standalone.js",
  sha256: "81b8d2bdab4a42ab81465386441b9a0f928b68631364360f00e8cce620cc1efb",
});

const CACHE = resolve(REPO_ROOT, ".cache/scalar");
const sha256 = (/** @type {string} */ path) => createHash("sha256").update(readFileSync(path)).digest("hex");

/**
 * The path of the verified file, fetched and checked on first use.
 * @param {Pin} [pin]
 * @param {string} [cache]
 */
export async function scalarStandalone(pin = SCALAR_STANDALONE, cache = CACHE) {
  const cached = join(cache, `${pin.name.replace("/", "+")}@${pin.version}`, basename(pin.file));
  if (existsSync(cached) && sha256(cached) === pin.sha256) return cached;
  await mkdir(cache, { recursive: true });
  // A folder of this call's own, renamed into place at the end: two builds at once never see a
  // half-written file.
  const scratch = await mkdtemp(join(cache, "fetch-"));
  try {
    const [command, args] = npmCommand(["pack", `${pin.name}@${pin.version}`, "--json", "--loglevel=error", "--pack-destination", scratch]);
    const packed = await runProcess(command, args, { cwd: scratch });
    if (packed.code !== 0) throw new Error(`npm pack ${pin.name}@${pin.version} failed (exit ${packed.code}): ${packed.stderr.trim()}`);
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
    const extracted = await runProcess("tar", ["-xzf", join(scratch, basename(filename)), "-C", scratch, `package/${pin.file}`]);
    if (extracted.code !== 0) throw new Error(`${pin.name}@${pin.version} has no ${pin.file}: ${extracted.stderr.trim()}`);
    const file = join(scratch, "package", pin.file);
    const actual = sha256(file);
    if (actual !== pin.sha256) throw new Error(`${pin.name}@${pin.version} ${pin.file} has sha256 ${actual}, not the pinned ${pin.sha256}: refused`);
    await mkdir(resolve(cached, ".."), { recursive: true });
    await rename(file, cached);
    return cached;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
