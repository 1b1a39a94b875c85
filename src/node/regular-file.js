// Every file the package reads on a user's or an agent's behalf (secret references, import state
// files, drift reports, profiles, spec-diff inputs, the docs server's files) is opened here. A
// path can name a FIFO, a device or a directory as easily as a file: a FIFO opened the usual way
// blocks until a writer comes (the event loop for a sync open, a threadpool thread for an async
// one: four of them freeze every other file read), and /dev/zero never ends. So the file is
// opened with O_NONBLOCK (which never waits for a FIFO's writer), checked on its handle to be a
// regular file (no race with a swap of the path), and read up to a cap that fits its kind.
// Plain JavaScript (with a .d.ts beside it) so the repository's scripts import it as it is.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Caps by kind of file: what a real one of that kind could weigh, with room to spare. */
export const FILE_CAPS = Object.freeze({
  secret: 64 * 1024,
  state: 16 * 1024 * 1024,
  config: 1024 * 1024,
  report: 64 * 1024 * 1024,
  spec: 32 * 1024 * 1024,
});

/** A file refused for what it is, not for whether it could be opened: code ENOTFILE or EFBIG. */
export class FileKindError extends Error {
  constructor(code, path, message) {
    super(message);
    this.name = "FileKindError";
    this.code = code;
    this.path = path;
  }
}

function kindOf(stats) {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

function check(stats, path, what, maxBytes) {
  if (!stats.isFile()) throw new FileKindError("ENOTFILE", path, `${what} ${path} is ${kindOf(stats)}, not a regular file`);
  if (stats.size > maxBytes) throw new FileKindError("EFBIG", path, `${what} ${path} is ${stats.size} bytes, more than the ${maxBytes} bytes such a file may have`);
}

function tooBig(path, what, maxBytes) {
  return new FileKindError("EFBIG", path, `${what} ${path} grew past the ${maxBytes} bytes such a file may have`);
}

const decode = (bytes, encoding) => (encoding ? bytes.toString(encoding) : bytes);

/** Reads a regular file of at most maxBytes; throws FileKindError for anything else, fs errors as they come. */
export async function readRegularFile(path, { maxBytes, what = "the file", encoding } = {}) {
  const handle = await open(path, FLAGS);
  try {
    const stats = await handle.stat();
    check(stats, path, what, maxBytes);
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    // The size was read before: a file that grows meanwhile is read to the cap and no further.
    for (;;) {
      if (length === buffer.length) throw tooBig(path, what, maxBytes);
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooBig(path, what, maxBytes);
    }
    return decode(buffer.subarray(0, length), encoding);
  } finally {
    await handle.close();
  }
}

/** The synchronous form, for the readers that are synchronous (profiles, state files, spec inputs). */
export function readRegularFileSync(path, { maxBytes, what = "the file", encoding, inspect } = {}) {
  const fd = openSync(path, FLAGS);
  try {
    const stats = fstatSync(fd);
    check(stats, path, what, maxBytes);
    // The caller's own checks (a profile's mode and owner) on the very file that is read.
    inspect?.(stats);
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) throw tooBig(path, what, maxBytes);
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooBig(path, what, maxBytes);
    }
    return decode(buffer.subarray(0, length), encoding);
  } finally {
    closeSync(fd);
  }
}

/** Opens a regular file for streaming (the docs server): the open handle, its size, or FileKindError. */
export async function openRegularFile(path, { maxBytes = Number.MAX_SAFE_INTEGER, what = "the file" } = {}) {
  const handle = await open(path, FLAGS);
  try {
    const stats = await handle.stat();
    check(stats, path, what, maxBytes);
    return { handle, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
