// Scalar's renderer as the site takes it: the pinned version's one file, from the registry's
// tarball (npm's cache), used only when its sha256 is the pinned one.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { SCALAR_STANDALONE, scalarStandalone } from "../../scripts/lib/scalar-standalone.mjs";

const scratch = mkdtempSync(join(tmpdir(), "scalar-standalone-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

it("gives the pinned file, fetched once into its cache", async () => {
  const file = await scalarStandalone(SCALAR_STANDALONE, join(scratch, "good"));
  expect(sha256(file)).toBe(SCALAR_STANDALONE.sha256);
  // Scalar's standalone build defines its global entry point.
  expect(readFileSync(file, "utf8")).toContain("createApiReference");
  expect(await scalarStandalone(SCALAR_STANDALONE, join(scratch, "good"))).toBe(file);
}, 120_000);

it("refuses a file whose sha256 is not the pinned one, naming both, and keeps nothing", async () => {
  const wrong = { ...SCALAR_STANDALONE, sha256: "0".repeat(64) };
  await expect(scalarStandalone(wrong, join(scratch, "bad"))).rejects.toThrow(`has sha256 ${SCALAR_STANDALONE.sha256}, not the pinned ${"0".repeat(64)}: refused`);
  await expect(scalarStandalone(wrong, join(scratch, "bad"))).rejects.toThrow(/refused/);
}, 120_000);
