// The pieces around a drift report, called directly: the recorder (counts, first and last seen, its
// bound), merging, the summary and hasDrift, SARIF 2.1.0, JUnit XML, reading a report back, and
// report files. Reports are checked against openapi/drift-report.schema.json with Ajv.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Log as SarifLog } from "sarif";
import { afterAll, describe, expect, it } from "vitest";
import { createReportAjv, loadReportSchema } from "../../scripts/lib/drift-outputs.mjs";
import { loadSpec } from "../../scripts/lib/spec.mjs";
import { checkAnswer } from "../../src/drift/answer-check.js";
import { driftReportToJUnit } from "../../src/drift/junit.js";
import { mergeDriftReports } from "../../src/drift/merge.js";
import { parseDriftReport } from "../../src/drift/parse-report.js";
import { DriftRecorder } from "../../src/drift/recorder.js";
import { DriftReportLockError, readDriftReport, writeDriftReport } from "../../src/node/drift-report-file.js";
import type { DriftReport } from "../../src/drift/report-format.js";
import { driftReportToSarif } from "../../src/drift/sarif.js";
import { hasDrift, SUMMARY_COLUMNS, summarizeDriftReport } from "../../src/drift/summary.js";
import { PlatformError } from "../../src/kernel/errors.js";
import { specVersionOf } from "../support/spec-members.js";

const schema = loadReportSchema();
const ajv = createReportAjv();
const validateReport = ajv.compile(schema);
const version = specVersionOf(loadSpec());
const scratch = mkdtempSync(join(tmpdir(), "drift-report-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A clock that reads `times` in turn (ISO strings), then stays on the last. */
function clock(...times: string[]) {
  let i = 0;
  return () => new Date(times[Math.min(i++, times.length - 1)]!);
}

const answer = (operationId: string, status: number, body: unknown) => checkAnswer(operationId, status, JSON.stringify(body))!;
const JOB_WITHOUT_ID = { jobType: "MODELS", action: "DEPLOY", status: "DONE" };

function record(recorder: DriftRecorder, operationId: string, status: number, body: unknown) {
  const checked = answer(operationId, status, body);
  return recorder.record({ direction: "response", operationId, status, documented: checked.documented }, checked.departures);
}

describe("DriftRecorder", () => {
  it("aggregates per operation, status and pointer: counts, first and last seen, types seen", () => {
    const recorder = new DriftRecorder({ recordedBy: "client", now: clock("2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z", "2026-01-03T00:00:00.000Z") });
    const first = record(recorder, "deployModel", 200, JOB_WITHOUT_ID);
    expect(first.fresh.map((e) => e.pointer)).toEqual(["/dockStatusId", "/status"]);
    const second = record(recorder, "deployModel", 200, { ...JOB_WITHOUT_ID, status: 4 });
    expect(second.fresh.map((e) => `${e.pointer} ${e.kind}`)).toEqual(["/status type"]);
    record(recorder, "deployModel", 500, { errors: 1 });
    const report = recorder.report();
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.updatedAt).toBe("2026-01-03T00:00:00.000Z");
    expect(report.drifts.map((d) => [d.status, d.pointer, d.kind, d.count, d.firstSeen.slice(0, 10), d.lastSeen.slice(0, 10)])).toEqual([
      [200, "/dockStatusId", "required", 2, "2026-01-01", "2026-01-02"],
      [200, "/status", "enum", 1, "2026-01-01", "2026-01-01"],
      [200, "/status", "type", 1, "2026-01-02", "2026-01-02"],
      [500, "/errors", "type", 1, "2026-01-03", "2026-01-03"],
    ]);
    expect(report.drifts[0]).toMatchObject({
      method: "POST",
      path: "/api/public/models/{modelId}/deploy",
      specVersion: version,
      discrepancies: ["job-id-spelling"],
      specLocation: "#/paths/~1api~1public~1models~1{modelId}~1deploy/post/responses/200",
    });
    expect(report.drifts[3]).toMatchObject({ specLocation: "#/paths/~1api~1public~1models~1{modelId}~1deploy/post/responses/500", discrepancies: ["error-body-envelope"] });
  });

  it("records a request's departures by part, without a status", () => {
    const recorder = new DriftRecorder({ recordedBy: "mock" });
    recorder.record({ direction: "request", operationId: "updateChunk", location: "body" }, [
      { pointer: "/pageNumber", kind: "type", keyword: "type", expected: "integer or string", received: ["boolean"] },
    ]);
    const [entry] = recorder.report().drifts;
    expect(entry).toMatchObject({ direction: "request", location: "body", specLocation: "#/paths/~1api~1public~1bot~1{botId}~1chunk~1{chunkId}/post/requestBody", recordedBy: ["mock"] });
    expect(entry).not.toHaveProperty("status");
    expect(entry!.discrepancies).toContain("page-number-type");
    expect(validateReport(recorder.report())).toBe(true);
  });

  it("keeps at most maxEntries and counts the rest as omitted; clear() starts again", () => {
    const recorder = new DriftRecorder({ recordedBy: "client", maxEntries: 1 });
    record(recorder, "deployModel", 200, { ...JOB_WITHOUT_ID, status: 4 });
    const report = recorder.report();
    expect(report.drifts).toHaveLength(1);
    expect(report.omitted).toBe(1);
    expect(hasDrift(report)).toBe(true);
    recorder.clear();
    expect(recorder.report()).toMatchObject({ drifts: [], omitted: 0 });
    expect(hasDrift(recorder.report())).toBe(false);
  });

  it("ignores an operation the spec does not have", () => {
    const recorder = new DriftRecorder({ recordedBy: "proxy" });
    expect(
      recorder.record({ direction: "response", operationId: "noSuchOperation", status: 200, documented: "200" }, [
        { pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: ["text"] },
      ]),
    ).toEqual({ entries: [], fresh: [] });
  });
});

function sampleReports(): [DriftReport, DriftReport] {
  const client = new DriftRecorder({ recordedBy: "client", now: clock("2026-02-01T10:00:00.000Z") });
  record(client, "deployModel", 200, JOB_WITHOUT_ID);
  const proxy = new DriftRecorder({ recordedBy: "proxy", now: clock("2026-01-15T08:00:00.000Z", "2026-02-03T12:00:00.000Z") });
  record(proxy, "deployModel", 200, { ...JOB_WITHOUT_ID, dockStatusId: "ds-1" });
  record(proxy, "getConnection", 404, { errors: { msg: 1 } });
  return [client.report(), proxy.report()];
}

describe("mergeDriftReports", () => {
  it("adds counts, keeps the earliest first and latest last seen, unites recorders, and leaves its inputs alone", () => {
    const [a, b] = sampleReports();
    const before = JSON.stringify([a, b]);
    const merged = mergeDriftReports(a, b);
    expect(JSON.stringify([a, b])).toBe(before);
    expect(validateReport(merged)).toBe(true);
    const status = merged.drifts.find((d) => d.operationId === "deployModel" && d.pointer === "/status")!;
    expect(status).toMatchObject({ count: 2, firstSeen: "2026-01-15T08:00:00.000Z", lastSeen: "2026-02-01T10:00:00.000Z", recordedBy: ["client", "proxy"] });
    expect(merged.drifts.map((d) => `${d.operationId} ${d.status} ${d.pointer}`)).toEqual(["deployModel 200 /dockStatusId", "deployModel 200 /status", "getConnection 404 /errors"]);
    expect(merged.updatedAt).toBe("2026-02-03T12:00:00.000Z");
    expect(mergeDriftReports(merged, merged).drifts.find((d) => d.pointer === "/status")!.count).toBe(4);
  });
});

describe("summarizeDriftReport and hasDrift", () => {
  it("gives one row per drift for a table, and the totals", () => {
    const summary = summarizeDriftReport(mergeDriftReports(...sampleReports()));
    expect(summary).toMatchObject({ drifts: 3, occurrences: 4, operations: 2, known: 2, omitted: 0, specVersions: [version] });
    expect(summary.rows[0]).toEqual({
      operation: "deployModel",
      message: "200",
      pointer: "/dockStatusId",
      kind: "required",
      expected: "one of the properties dockStatusId, dock-statusId",
      received: "absent",
      count: 1,
      firstSeen: "2026-02-01T10:00:00.000Z",
      lastSeen: "2026-02-01T10:00:00.000Z",
      knownAs: "job-id-spelling",
    });
    for (const { key } of SUMMARY_COLUMNS) expect(summary.rows[0]).toHaveProperty(key);
    expect(hasDrift(mergeDriftReports(...sampleReports()))).toBe(true);
    expect(hasDrift(mergeDriftReports())).toBe(false);
  });
});

describe("driftReportToSarif", () => {
  it("writes a SARIF 2.1.0 log: one rule per kind, one result per drift, located in the spec", () => {
    const report = mergeDriftReports(...sampleReports());
    const log: SarifLog = driftReportToSarif(report, { toolVersion: version });
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    const [run] = log.runs;
    const rules = run!.tool.driver.rules!;
    expect(rules.map((r) => r.id)).toEqual([
      "drift/required", "drift/type", "drift/enum", "drift/forbidden", "drift/format", "drift/constraint", "drift/no-match", "drift/not-json",
    ]);
    expect(run!.results).toHaveLength(3);
    for (const result of run!.results!) {
      expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
      expect(result.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe("openapi/platform.yaml");
      expect(result.message.text).toEqual(expect.any(String));
    }
    const errors = run!.results!.find((r) => r.locations![0]!.logicalLocations![0]!.fullyQualifiedName === "getConnection/404/errors")!;
    expect(errors).toMatchObject({ ruleId: "drift/type", level: "note", properties: { count: 1, discrepancies: ["error-body-envelope"] } });
    // The same drift gets the same fingerprint in another run, another the other.
    const again = driftReportToSarif(mergeDriftReports(...sampleReports())).runs[0]!.results!;
    expect(again.map((r) => r.partialFingerprints)).toEqual(run!.results!.map((r) => r.partialFingerprints));
    expect(new Set(again.map((r) => r.partialFingerprints!["platformDrift/v1"])).size).toBe(3);
  });
});

describe("driftReportToJUnit", () => {
  it("writes well-formed JUnit XML: a suite per operation, a failing case per drift", () => {
    const xml = driftReportToJUnit(mergeDriftReports(...sampleReports()));
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testsuite" || name === "testcase" }).parse(xml);
    expect(parsed.testsuites).toMatchObject({ tests: "3", failures: "3" });
    expect(parsed.testsuites.testsuite.map((s: { name: string; tests: string }) => [s.name, s.tests])).toEqual([
      ["deployModel", "2"],
      ["getConnection", "1"],
    ]);
    const failing = parsed.testsuites.testsuite[1].testcase[0];
    expect(failing).toMatchObject({ classname: "drift.getConnection", name: "404 /errors type", failure: { type: "type" } });
  });

  it("escapes what a name from a message may hold, and drops what XML cannot carry", () => {
    const recorder = new DriftRecorder({ recordedBy: "client" });
    recorder.record({ direction: "response", operationId: "getConnection", status: 200, documented: "200" }, [
      { pointer: '/fields/<a href="x">&\u0001\'', kind: "type", keyword: "type", expected: "string", received: ["integer"] },
    ]);
    const xml = driftReportToJUnit(recorder.report());
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("/fields/&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });

  it("writes one empty suite for a report without drift", () => {
    const xml = driftReportToJUnit(mergeDriftReports());
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<testsuites name="spec drift" tests="0" failures="0" errors="0">');
  });
});

describe("parseDriftReport", () => {
  it("returns a valid report as it is, and refuses anything else naming the field and the rule", () => {
    const [report] = sampleReports();
    expect(parseDriftReport(report)).toBe(report);
    expect(() => parseDriftReport({ drifts: [] }, "x.json")).toThrow('x.json is not a drift report (it has no "format": "platform-drift-report")');
    expect(() => parseDriftReport({ ...report, formatVersion: 2 }, "x.json")).toThrow("x.json has formatVersion 2; this version of the package reads formatVersion 1");
    const broken = structuredClone(report);
    (broken.drifts[0] as { kind: string }).kind = "odd";
    expect(() => parseDriftReport(broken, "x.json")).toThrow(PlatformError);
    expect(() => parseDriftReport(broken, "x.json")).toThrow(/x\.json is not a valid drift report: \/drifts\/0\/kind must be equal to one of the allowed values/);
  });
});

describe("merging past the cap", () => {
  it("keeps at most 1,000 entries, the most seen, and counts the rest as omitted", () => {
    const [a] = sampleReports();
    const template = a.drifts[0]!;
    const many = (from: number, count: number, seen: number): DriftReport => ({
      ...a,
      omitted: 1,
      drifts: Array.from({ length: count }, (_, i) => ({ ...structuredClone(template), pointer: `/field${from + i}`, count: seen })),
    });
    const merged = mergeDriftReports(many(0, 700, 3), many(700, 700, 1));
    expect(merged.drifts).toHaveLength(1000);
    expect(merged.drifts.filter((d) => d.count === 3)).toHaveLength(700);
    // The 400 entries left out were seen once each; both inputs' own omitted counts stay.
    expect(merged.omitted).toBe(2 + 400);
    expect(validateReport(merged)).toBe(true);
  });
});

describe("report files", () => {
  it("writes a report, merges the next one into it, and reads it back", async () => {
    const file = join(scratch, "drift.json");
    const [a, b] = sampleReports();
    // What each file holds, written out: the merge's own rules are tested above.
    const rows = (report: DriftReport) => report.drifts.map((d) => `${d.operationId} ${d.status} ${d.pointer} x${d.count} ${d.recordedBy.join("+")}`);
    await writeDriftReport(file, a);
    expect(rows(await readDriftReport(file))).toEqual(["deployModel 200 /dockStatusId x1 client", "deployModel 200 /status x1 client"]);
    const merged = await writeDriftReport(file, b);
    expect(rows(merged)).toEqual(["deployModel 200 /dockStatusId x1 client", "deployModel 200 /status x2 client+proxy", "getConnection 404 /errors x1 proxy"]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(merged);
    await writeDriftReport(file, b, { merge: false });
    expect(rows(await readDriftReport(file))).toEqual(["deployModel 200 /status x1 proxy", "getConnection 404 /errors x1 proxy"]);
  });

  it("writers that overlap take turns: every write's counts are in the file", async () => {
    const file = join(scratch, "shared.json");
    const [a] = sampleReports();
    const writers = 12;
    await Promise.all(Array.from({ length: writers }, () => writeDriftReport(file, a)));
    const total = (await readDriftReport(file)).drifts.find((d) => d.pointer === "/status")!.count;
    expect(total).toBe(writers * a.drifts.find((d) => d.pointer === "/status")!.count);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("takes over a lock left by a writer that died long ago", async () => {
    const file = join(scratch, "stale.json");
    writeFileSync(`${file}.lock`, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    await writeDriftReport(file, sampleReports()[0]);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("takes over at once a lock whose writer, on this machine, is gone", async () => {
    const file = join(scratch, "dead-writer.json");
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: gone, host: hostname() }));
    await writeDriftReport(file, sampleReports()[0]);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect((await readDriftReport(file)).drifts.length).toBeGreaterThan(0);
  });

  it("names the lock file and its living holder in a typed error when the lock stays taken", async () => {
    const file = join(scratch, "held.json");
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname() }));
    const error = await writeDriftReport(file, sampleReports()[0]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriftReportLockError);
    expect(error).toMatchObject({ lockFile: `${file}.lock`, holder: { pid: process.pid, host: hostname() } });
    rmSync(`${file}.lock`);
  });

  it("refuses a FIFO in place of a report at once, reading or merging into it", async () => {
    const fifo = join(scratch, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    // Nobody ever writes to it: a read that waited for a writer would never end.
    await expect(readDriftReport(fifo)).rejects.toMatchObject({ code: "ENOTFILE" });
    await expect(writeDriftReport(fifo, sampleReports()[0])).rejects.toMatchObject({ code: "ENOTFILE" });
  });

  it("refuses to overwrite a file that is not a drift report, and to write something that is not one", async () => {
    const file = join(scratch, "notes.json");
    writeFileSync(file, '{"notes": true}');
    await expect(writeDriftReport(file, sampleReports()[0])).rejects.toThrow(`${file} is not a drift report`);
    expect(readFileSync(file, "utf8")).toBe('{"notes": true}');
    await expect(writeDriftReport(join(scratch, "new.json"), { format: "platform-drift-report" } as DriftReport)).rejects.toThrow(/the report to write/);
    writeFileSync(join(scratch, "text.json"), "not json");
    await expect(readDriftReport(join(scratch, "text.json"))).rejects.toThrow(/text\.json is not JSON/);
  });
});

describe("the report schema and the report's type", () => {
  it("list the same fields: a recorded entry has every property the schema knows", () => {
    const [report] = sampleReports();
    expect(Object.keys(report).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(Object.keys(report.drifts[0]!).sort()).toEqual(Object.keys(schema.$defs.drift.properties).sort());
  });
});
