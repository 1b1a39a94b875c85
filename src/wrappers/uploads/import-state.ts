// The resumable state of a chunked upload: plain JSON a caller persists (from ImportError.state
// or onState) and hands back to resumeImport, in this process or another. A state that was
// edited, truncated or written by another version is refused field by field before any request.
import { idPatterns } from "../../generated/id-patterns.js";
import type { ValidationIssue } from "../../kernel/errors.js";
import { integerIn, nonBlank, required } from "../../kernel/option-check.js";
import { isRecord } from "../../kernel/records.js";
import type { SourceIdentity } from "./source-identity.js";

export type { SourceIdentity };

export interface ImportState {
  /** 2 since 0.3.0, which added `source`; a state of version 1 cannot say which file it was. */
  version: 2;
  sessionId: string;
  expirationDate: string;
  modelId?: string | undefined;
  fileName: string;
  fileExtension: string;
  fileContext: string;
  isAdapter?: boolean | undefined;
  fileSize: number;
  chunkSize: number;
  totalChunks: number;
  /** Chunks the service acknowledged, ascending, each once. */
  uploadedChunks: number[];
  /** What the source was, so a resume refuses another file. */
  source: SourceIdentity;
}

// The spec's SessionId pattern: a session the service opened, never a file name or a model id.
const SESSION_ID = new RegExp(idPatterns.SessionId);

export function isDate(value: unknown): value is string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value));
}

/** A copy whose chunk list is sorted, so a caller's later edits cannot reach the upload's own. */
export function snapshot(state: ImportState): ImportState {
  return { ...state, uploadedChunks: [...state.uploadedChunks].sort((a, b) => a - b), source: { ...state.source, samples: { ...state.source.samples } } };
}

/** Issues with a state that did not come from an import; empty when it may be resumed. */
export function checkImportState(state: unknown): ValidationIssue[] {
  if (!isRecord(state)) return [{ field: "state", rule: "type", message: "state must be the ImportState object an import gave (ImportError.state or onState)" }];
  const s = state;
  const issues: ValidationIssue[] = [];
  if (s.version !== 2) {
    const older = s.version === 1 ? ": a state written before 0.3.0 does not record which file it was, so it cannot be resumed safely; start a new import" : "";
    issues.push({ field: "state.version", rule: "const", message: `state.version must be 2${older}` });
  }
  issues.push(...sourceIssues(s.source));
  for (const key of ["sessionId", "fileName", "fileExtension", "fileContext"]) {
    issues.push(...(s[key] === undefined ? required(`state.${key}`, s[key]) : nonBlank(`state.${key}`, s[key])));
  }
  if (typeof s.sessionId === "string" && s.sessionId.trim() && !SESSION_ID.test(s.sessionId)) {
    issues.push({ field: "state.sessionId", rule: "pattern", message: "state.sessionId must be the UUID-shaped id of an import session (as startImportSession answered)" });
  }
  if (!isDate(s.expirationDate)) issues.push({ field: "state.expirationDate", rule: "format", message: "state.expirationDate must be an ISO 8601 date-time" });
  if (s.modelId !== undefined && typeof s.modelId !== "string") issues.push({ field: "state.modelId", rule: "type", message: "state.modelId must be a string" });
  if (s.isAdapter !== undefined && typeof s.isAdapter !== "boolean") issues.push({ field: "state.isAdapter", rule: "type", message: "state.isAdapter must be a boolean" });
  const sizeIssues = ["fileSize", "chunkSize"].flatMap((key) => (s[key] === undefined ? required(`state.${key}`, s[key]) : integerIn(`state.${key}`, s[key], 1)));
  issues.push(...sizeIssues);
  const totalChunks = sizeIssues.length ? undefined : Math.ceil((s.fileSize as number) / (s.chunkSize as number));
  if (totalChunks !== undefined && s.totalChunks !== totalChunks) {
    issues.push({ field: "state.totalChunks", rule: "const", message: `state.totalChunks must be ceil(fileSize / chunkSize) = ${totalChunks}` });
  }
  const list = s.uploadedChunks;
  if (!Array.isArray(list)) {
    issues.push({ field: "state.uploadedChunks", rule: "type", message: "state.uploadedChunks must be an array of chunk numbers" });
    return issues;
  }
  // Ascending and each once, as an import writes it: anything else was edited by hand, and a
  // silent repair could hide a chunk that was never sent.
  list.forEach((n: unknown, i) => {
    const field = `state.uploadedChunks[${i}]`;
    const previous: unknown = i > 0 ? list[i - 1] : undefined;
    if (!Number.isInteger(n)) issues.push({ field, rule: "type", message: `${field} must be an integer` });
    else if ((n as number) < 0) issues.push({ field, rule: "minimum", message: `${field} must be >= 0` });
    else if (totalChunks !== undefined && (n as number) >= totalChunks) issues.push({ field, rule: "maximum", message: `${field} must be < totalChunks (${totalChunks})` });
    else if (typeof previous === "number" && (n as number) === previous) issues.push({ field, rule: "uniqueItems", message: `${field} repeats chunk ${String(n)}: each chunk is listed once` });
    else if (typeof previous === "number" && (n as number) < previous) issues.push({ field, rule: "ascending", message: `${field} (${String(n)}) comes after ${previous}: the list must be ascending, as the import wrote it` });
  });
  return issues;
}

function sourceIssues(source: unknown): ValidationIssue[] {
  const field = "state.source";
  if (!isRecord(source)) return [{ field, rule: "type", message: `${field} must be the source record the import wrote` }];
  const issues = [...integerIn(`${field}.size`, source.size ?? -1, 0), ...integerIn(`${field}.sampleBytes`, source.sampleBytes ?? 0, 1)];
  if (source.name !== undefined && typeof source.name !== "string") issues.push({ field: `${field}.name`, rule: "type", message: `${field}.name must be a string` });
  if (source.lastModified !== undefined && typeof source.lastModified !== "number") issues.push({ field: `${field}.lastModified`, rule: "type", message: `${field}.lastModified must be a number` });
  const samples = source.samples;
  if (!isRecord(samples) || !Object.entries(samples).every(([key, value]) => /^\d+$/.test(key) && typeof value === "string" && /^[0-9a-f]{32}$/.test(value))) {
    issues.push({ field: `${field}.samples`, rule: "type", message: `${field}.samples must map chunk numbers to the sample digests the import wrote` });
  }
  return issues;
}
