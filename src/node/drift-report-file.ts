// Drift reports on disk, for Node: read one, or add a report to a file that may already hold one
// (the runs of a CI job, a proxy and a mock writing to the same file), written whole to a
// temporary file and renamed over the old, so a reader never sees half a report. Writers take
// turns through a lock file beside the report: two that read the same old report and each renamed
// their own merge over it would lose one's entries.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { open, rename, rm, stat, writeFile } from "node:fs/promises";
import { FILE_CAPS, readRegularFile } from "./regular-file.js";
import { mergeDriftReports } from "../drift/merge.js";
import { parseDriftReport, parseDriftReportText } from "../drift/parse-report.js";
import type { DriftReport } from "../drift/report-format.js";

/** The report in `file`, checked against the report schema. */
export async function readDriftReport(file: string): Promise<DriftReport> {
  return parseDriftReportText(await readReportText(file), file);
}

/** A report file's text: a regular file of at most 64 MiB, never a FIFO or a device, which would hang or never end. */
function readReportText(file: string): Promise<string> {
  return readRegularFile(file, { maxBytes: FILE_CAPS.report, what: "the drift report", encoding: "utf8" });
}

export interface WriteDriftReportOptions {
  /** Merge into what the file holds already (the default), or replace it. */
  merge?: boolean;
}

/**
 * Writes `report` to `file` and returns what the file now holds: merged into the report already
 * there (the default; a missing file is created), or replacing it with `{ merge: false }`. A file
 * that exists but is not a drift report is refused and left alone, so a wrong path never
 * overwrites something else.
 */
export async function writeDriftReport(file: string, report: DriftReport, options: WriteDriftReportOptions = {}): Promise<DriftReport> {
  parseDriftReport(report, "the report to write");
  const release = await takeTurn(`${file}.lock`);
  try {
    return await mergeInto(file, report, options);
  } finally {
    await release();
  }
}

async function mergeInto(file: string, report: DriftReport, options: WriteDriftReportOptions): Promise<DriftReport> {
  let existing: DriftReport | undefined;
  try {
    existing = parseDriftReportText(await readReportText(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const written = existing && options.merge !== false ? mergeDriftReports(existing, report) : mergeDriftReports(report);
  await replaceFile(file, `${JSON.stringify(written, null, 2)}\n`);
  return written;
}

async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

// A write takes milliseconds: a lock this old was left by a writer that died.
const STALE_LOCK_MS = 30_000;
const WAIT_LIMIT_MS = 10_000;

/** The drift report's lock stayed taken past the wait: names the lock file and who holds it, if known. */
export class DriftReportLockError extends Error {
  override readonly name = "DriftReportLockError";
  constructor(
    readonly lockFile: string,
    readonly holder: { pid: number; host: string } | undefined,
  ) {
    super(`${lockFile}: another writer${holder ? ` (process ${holder.pid} on ${holder.host})` : ""} has held the drift report's lock for over ${WAIT_LIMIT_MS / 1000} s; remove the lock file if no writer is running`);
  }
}

/** Who wrote the lock (its pid and host), if it says. */
async function holderOf(lock: string): Promise<{ pid: number; host: string } | undefined> {
  try {
    const holder = JSON.parse(await readRegularFile(lock, { maxBytes: 4096, what: "the lock file", encoding: "utf8" })) as { pid?: unknown; host?: unknown };
    return typeof holder.pid === "number" && typeof holder.host === "string" ? { pid: holder.pid, host: holder.host } : undefined;
  } catch {
    return undefined;
  }
}

/** A holder on this machine whose process is gone: its lock can be taken over at once. */
function dead(holder: { pid: number; host: string } | undefined): boolean {
  if (!holder || holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Waits for the report's lock (created exclusively, holding the writer's pid and host) and returns how to give it back. */
async function takeTurn(lock: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    try {
      const handle = await open(lock, "wx");
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname() }));
      } finally {
        await handle.close();
      }
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
    const holder = await holderOf(lock);
    if (age > STALE_LOCK_MS || dead(holder)) await rm(lock, { force: true });
    else if (Date.now() > deadline) throw new DriftReportLockError(lock, holder);
    else await new Promise((done) => setTimeout(done, 10 + Math.random() * 20));
  }
}
