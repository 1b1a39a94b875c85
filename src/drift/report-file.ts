// Drift reports on disk, for Node: read one, or add a report to a file that may already hold one
// (the runs of a CI job, a proxy and a mock writing to the same file), written whole to a
// temporary file and renamed over the old, so a reader never sees half a report. Writers take
// turns through a lock file beside the report: two that read the same old report and each renamed
// their own merge over it would lose one's entries.
import { randomBytes } from "node:crypto";
import { open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { mergeDriftReports } from "./merge.js";
import { parseDriftReport, parseDriftReportText } from "./parse-report.js";
import type { DriftReport } from "./report-format.js";

/** The report in `file`, checked against the report schema. */
export async function readDriftReport(file: string): Promise<DriftReport> {
  return parseDriftReportText(await readFile(file, "utf8"), file);
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
    existing = parseDriftReportText(await readFile(file, "utf8"), file);
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

/** Waits for the report's lock (created exclusively) and returns how to give it back. */
async function takeTurn(lock: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    try {
      await (await open(lock, "wx")).close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > STALE_LOCK_MS) await rm(lock, { force: true });
    else if (Date.now() > deadline) throw new Error(`${lock}: another writer has held the drift report's lock for over ${WAIT_LIMIT_MS / 1000} s; remove the lock if no writer is running`);
    else await new Promise((done) => setTimeout(done, 10 + Math.random() * 20));
  }
}
