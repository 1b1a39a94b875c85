// The MCP server's registry of uploads (src/mcp/imports.ts): what an upload leaves in its state
// file when nobody follows it, and a state file that cannot be written, which is logged and must
// not end the server (an unhandled rejection would: vitest fails the file on one).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ImportResult, ImportState } from "../../src/index.js";
import { ImportRegistry } from "../../src/mcp/imports.js";
import { readSavedImport } from "../../src/node/saved-import.js";

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "platform-mcp-imports-"));
  folders.push(made);
  return made;
};

const state = { version: 2, sessionId: "s-1", fileSize: 10, chunkSize: 10, totalChunks: 1, uploadedChunks: [0] } as unknown as ImportState;
const finished = (): ImportResult => ({ job: { dockStatusId: "ds-1", status: "IN_PROGRESS" } as ImportResult["job"], modelId: "cm-1", sessionId: "s-1", state });

describe("ImportRegistry", () => {
  it("writes the job of an upload nobody follows into its state file, then frees the lock", async () => {
    const stateFile = join(folder(), "model.tar.platform-import.json");
    const lines: string[] = [];
    const registry = new ImportRegistry((level, message) => lines.push(`${level}: ${message}`));
    const task = registry.start(stateFile, "model.tar", async () => finished());
    await task.result;
    await expect.poll(() => existsSync(`${stateFile}.lock`)).toBe(false);
    expect(readSavedImport(stateFile).job).toEqual({ dockStatusId: "ds-1", status: "IN_PROGRESS", modelId: "cm-1" });
    expect(lines).toEqual([expect.stringMatching(/^notice: the upload of model\.tar finished; job ds-1\./)]);
  });

  it("logs a state file it cannot write and frees the lock, without an unhandled rejection", async () => {
    const dir = folder();
    const stateFile = join(dir, "model.tar.platform-import.json");
    const lines: string[] = [];
    const registry = new ImportRegistry((level, message) => lines.push(`${level}: ${message}`));
    const task = registry.start(stateFile, "model.tar", async () => {
      // The folder goes while the upload runs: its state cannot be written any more.
      rmSync(dir, { recursive: true, force: true });
      return finished();
    });
    await task.result;
    await expect.poll(() => lines.some((line) => line.startsWith("warning: the state of model.tar could not be written"))).toBe(true);
    expect(lines.join("\n")).toContain(stateFile);
  });
});
