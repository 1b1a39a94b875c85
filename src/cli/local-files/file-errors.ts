// A local file the command cannot read or write is the user's to fix, like a wrong flag: one
// line naming the file, what was being done and why in words (exit code 2), never a stack trace.
import { UsageError } from "../exit-codes.js";

const REASONS: Record<string, string> = {
  ENOENT: "no such file or folder",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EEXIST: "it exists already",
  ENAMETOOLONG: "the name is too long",
  EMFILE: "too many open files",
  EIO: "input/output error",
  ENOTFILE: "not a regular file: a FIFO, a device, a socket or a folder",
  EFBIG: "larger than such a file may be",
};

/** `path: cannot <doing> (<why>)`, as a usage error. */
export function fileError(path: string, doing: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const why = code ? `${REASONS[code] ?? "error"}, ${code}` : error instanceof Error ? error.message : String(error);
  return new UsageError(`${path}: cannot ${doing} (${why})`);
}
