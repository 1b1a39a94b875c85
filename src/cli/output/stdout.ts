// Results go to stdout through here. Writes made in one turn of the event loop leave as one
// (a page of a listing is one write, not a hundred), and at most a page is held: memory stays
// flat for a listing of any size. A reader that stops reading (`| head -1`) closes the pipe:
// the command then ends at once, quietly, with exit code 0 (what it printed was all that was
// wanted); any other failure to write is reported on stderr.
const FLUSH_AT = 64 * 1024;

let pending = "";
let scheduled = false;

export function writeOut(text: string): void {
  pending += text;
  if (pending.length >= FLUSH_AT) flushOut();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flushOut);
  }
}

/**
 * True while stdout holds more than its buffer (a slow reader): a listing then waits for
 * `drained()` before taking the next record, so memory stays flat however slow the reader.
 */
export function backedUp(): boolean {
  return process.stdout.writableNeedDrain;
}

/** Resolves once stdout has written what it holds (or is gone: a closed pipe ends the command anyway). */
export function drained(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.stdout.off("drain", done).off("close", done).off("error", done);
      resolve();
    };
    process.stdout.once("drain", done).once("close", done).once("error", done);
  });
}

/** Writes what is pending now (before the exit, or before a prompt on the same terminal). */
export function flushOut(): void {
  scheduled = false;
  if (pending === "") return;
  const text = pending;
  pending = "";
  process.stdout.write(text);
}

/**
 * What happens when stdout or stderr fails: a closed stdout calls `onClosed` (the command ends
 * quietly); stderr failing (a terminal hung up, a closed pipe) is ignored, since nowhere is left
 * to say so.
 */
export function watchOutputStreams(onClosed: () => void, onFailed: (error: NodeJS.ErrnoException) => void): void {
  let closed = false;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // After EPIPE every further write fails as well (ERR_STREAM_DESTROYED): one report is enough.
    if (closed) return;
    closed = true;
    pending = "";
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") onClosed();
    else onFailed(error);
  });
  process.stderr.on("error", () => {});
}
