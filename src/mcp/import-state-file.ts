// The state file of an import the MCP server runs: `<file>.import-state.json` beside the model
// file, the same file and format as `platform models import` keeps, so either can continue what
// the other started. Always written through a temporary file and a rename, so whatever stops the
// server the file holds a whole state. An upload that finishes while no call follows it records
// its job there too (`job`), so the job's id outlives the server.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ImportState, Job } from "../index.js";
import { ValidationError } from "../wrappers/errors.js";

export const STATE_FILE_SUFFIX = ".import-state.json";

export interface SavedImport {
  state: ImportState;
  /** The import's job, once the upload completed with no call to hand it to. */
  job?: Pick<Job, "dockStatusId" | "status" | "modelId">;
}

export const stateFileFor = (path: string): string => `${resolve(path)}${STATE_FILE_SUFFIX}`;

/** The model file a state file belongs to, by its name. */
export const sourceOf = (stateFile: string): string | undefined => (stateFile.endsWith(STATE_FILE_SUFFIX) ? stateFile.slice(0, -STATE_FILE_SUFFIX.length) : undefined);

const text = (saved: SavedImport) => `${JSON.stringify(saved.job ? { ...saved.state, job: saved.job } : saved.state, null, 2)}\n`;
const temporaryFor = (file: string) => `${file}.${process.pid}.tmp`;

export function writeSavedImport(file: string, saved: SavedImport): void {
  writeFileSync(temporaryFor(file), text(saved));
  renameSync(temporaryFor(file), file);
}

/** The same write off the event loop, for the state saved after each chunk while bytes are moving. */
export async function writeSavedImportAsync(file: string, saved: SavedImport): Promise<void> {
  await writeFile(temporaryFor(file), text(saved));
  await rename(temporaryFor(file), file);
}

export function readSavedImport(file: string): SavedImport {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "does not exist: the import it recorded has ended and was handed over, or never started" : `cannot be read (${code ?? "error"})`;
    throw new ValidationError([{ field: "stateFile", rule: "readable", message: `stateFile ${why}` }]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError([{ field: "stateFile", rule: "format", message: "stateFile is not JSON: it should be the state file an import wrote" }]);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ValidationError([{ field: "stateFile", rule: "format", message: "stateFile must hold the JSON object an import wrote" }]);
  }
  // The client checks the state itself, field by field, when it resumes.
  const { job, ...state } = parsed as ImportState & { job?: SavedImport["job"] };
  return { state: state as ImportState, ...(job && typeof job.dockStatusId === "string" ? { job } : {}) };
}

export function removeSavedImport(file: string): void {
  rmSync(file, { force: true });
}
