// A file to upload, as callers give it: a source and the name the service stores it under.
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { checkUploadSource, type UploadSource } from "./upload-source.js";

/** `Path` is what the entry accepts besides a Blob or stream: a file path (`string`) on the Node entry. */
export interface FileInput<Path = never> {
  source: UploadSource | Path;
  /** Required unless `source` is a File with a name (or a path, on the Node entry). */
  fileName?: string | undefined;
}

export function fileNameIssues(input: { source?: unknown; fileName?: unknown }, prefix = ""): ValidationIssue[] {
  const field = `${prefix}fileName`;
  const { fileName, source } = input;
  if (fileName !== undefined) {
    if (typeof fileName !== "string") return [{ field, rule: "type", message: `${field} must be a string` }];
    return fileName.trim() ? [] : [{ field, rule: "minLength", message: `${field} must not be empty` }];
  }
  if (typeof File !== "undefined" && source instanceof File && source.name.trim()) return [];
  return [{ field, rule: "required", message: `${field} is required unless the source is a File with a name` }];
}

export function fileNameOf(input: { source: unknown; fileName?: string | undefined }, prefix = ""): string {
  const issues = fileNameIssues(input, prefix);
  if (issues.length > 0) throw new ValidationError(issues);
  return input.fileName ?? (input.source as File).name;
}

/** The extension of a file name (`model.tar` → `tar`), or a ValidationError saying to give one. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) {
    throw new ValidationError([{ field: "fileExtension", rule: "required", message: `fileExtension is required: the file name "${fileName}" has none` }]);
  }
  return fileName.slice(dot + 1);
}

/** What is wrong with a file input, each field named under `prefix` (e.g. `flowData.source.size`). */
export function fileInputIssues(input: unknown, prefix: string): ValidationIssue[] {
  if (!input || typeof input !== "object") return [{ field: prefix, rule: "required", message: `${prefix} must be { source, fileName }` }];
  const { source } = input as FileInput;
  return [...checkUploadSource(source, `${prefix}.source`), ...fileNameIssues(input as FileInput, `${prefix}.`)];
}
