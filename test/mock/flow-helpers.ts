// What the flow tests share: a test file of known bytes, its per-chunk digests (what the mock's
// export manifest reports), and a quick wait schedule. Everything goes through the package's
// public entry; only operations the client has no method for yet are sent with fetch.
import { createHash, createCipheriv } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const QUICK_WAIT = { minDelayMs: 5, maxDelayMs: 20, timeoutMs: 20_000 };
export const DEPLOY_SETTINGS = { name: "support-model", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 }, deviceType: "g5.xlarge" as const };

/** Incompressible bytes from a seed (AES-CTR keystream), the same for the same seed. */
export function seededBytes(size: number, seed: number): Buffer {
  const key = createHash("sha256").update(`key ${seed}`).digest().subarray(0, 16);
  const iv = createHash("sha256").update(`iv ${seed}`).digest().subarray(0, 16);
  return createCipheriv("aes-128-ctr", key, iv).update(Buffer.alloc(size));
}

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** Size and sha256 of each `chunkSize` piece of `bytes`, in order. */
export function chunkDigests(bytes: Buffer, chunkSize: number): Array<{ size: number; sha256: string }> {
  const digests = [];
  for (let at = 0; at < bytes.length; at += chunkSize) {
    const piece = bytes.subarray(at, at + chunkSize);
    digests.push({ size: piece.length, sha256: sha256(piece) });
  }
  return digests;
}

/** A temporary file holding `bytes`; remove() deletes it. */
export function tempFile(name: string, bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "mock-flow-"));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
