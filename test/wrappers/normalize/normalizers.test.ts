import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRecord, listOf, memberAt, recordOf } from "../../../scripts/lib/json-members.mjs";
import { loadSpec } from "../../../scripts/lib/spec.mjs";
import { UnexpectedResponseError } from "../../../src/kernel/errors.js";
import { normalizeChunk } from "../../../src/wrappers/normalize/chunks.js";
import { normalizeDeleteTotals } from "../../../src/wrappers/normalize/delete-totals.js";
import { isTerminal, normalizeJob } from "../../../src/wrappers/normalize/jobs.js";
import { normalizePageNumber } from "../../../src/kernel/records.js";
import { exampleValue } from "../../support/spec-members.js";

const ID_KEYS = ["dockStatusId", "dock-statusId", "_id"] as const;

const whitespace = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r\n"), maxLength: 4 });
const token = fc.stringMatching(/^[A-Za-z0-9-]{1,24}$/);
const jobId = token.map((t) => `ds-${t}`);
const padded = (core: fc.Arbitrary<string>) =>
  fc.tuple(whitespace, core, whitespace).map(([before, value, after]) => ({ value: before + value + after, core: value }));
// Values an id key may hold that do not count as an id.
const notAnId = fc.oneof(whitespace, fc.constant(null), fc.integer(), fc.constant({}));

function anyCaseOf(word: string) {
  return fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(""));
}

describe("normalizeJob", () => {
  it("reads the same trimmed id from any mix of id spellings and whitespace", () => {
    const spellings = fc.subarray([...ID_KEYS], { minLength: 1 });
    const paddedPerKey = spellings.chain((keys) =>
      fc.tuple(fc.constant(keys), fc.array(fc.tuple(whitespace, whitespace), { minLength: keys.length, maxLength: keys.length })),
    );
    fc.assert(
      fc.property(jobId, paddedPerKey, (id, [keys, pads]) => {
        const raw: Record<string, unknown> = { status: "IN_PROGRESS" };
        keys.forEach((key, i) => {
          raw[key] = `${pads[i]![0]}${id}${pads[i]![1]}`;
        });
        expect(normalizeJob(raw).dockStatusId).toBe(id);
      }),
    );
  });

  it("skips id keys that hold no usable string and takes the next spelling", () => {
    fc.assert(
      fc.property(jobId, fc.integer({ min: 1, max: 2 }), notAnId, notAnId, (id, index, blank1, blank2) => {
        const raw: Record<string, unknown> = { status: "SUCCESS", [ID_KEYS[index]!]: id };
        // Every spelling ahead of the real one is present but useless.
        const blanks = [blank1, blank2];
        for (let i = 0; i < index; i++) raw[ID_KEYS[i]!] = blanks[i];
        expect(normalizeJob(raw).dockStatusId).toBe(id);
      }),
    );
  });

  it("prefers dockStatusId, then dock-statusId, then _id when they differ", () => {
    const raw = { _id: "ds-c", "dock-statusId": "ds-b", dockStatusId: "ds-a", status: "SUCCESS" };
    expect(normalizeJob(raw).dockStatusId).toBe("ds-a");
    expect(normalizeJob({ ...raw, dockStatusId: " " }).dockStatusId).toBe("ds-b");
    expect(normalizeJob({ ...raw, dockStatusId: undefined, "dock-statusId": "" }).dockStatusId).toBe("ds-c");
  });

  it("reads downloadUrl from either spelling, under response or at the top, trimmed", () => {
    const url = fc.webUrl({ withQueryParameters: true });
    const place = fc.constantFrom("response.downloadUrl", "response.downloadURL", "downloadUrl", "downloadURL");
    fc.assert(
      fc.property(padded(url), place, (link, where) => {
        const raw: Record<string, unknown> = { dockStatusId: "ds-1", status: "SUCCESS" };
        const [outer, inner] = where.split(".");
        if (inner) raw[outer!] = { [inner]: link.value };
        else raw[outer!] = link.value;
        expect(normalizeJob(raw).downloadUrl).toBe(link.core);
      }),
    );
  });

  it("drops string fields that are empty or only whitespace", () => {
    fc.assert(
      fc.property(whitespace, (blank) => {
        const job = normalizeJob({
          _id: "ds-1",
          status: "IN_PROGRESS",
          jobType: blank,
          action: blank,
          modelId: blank,
          toolId: blank,
          exportJobId: blank,
          guardrail: blank,
          response: { downloadUrl: blank, downloadURL: blank },
        });
        expect(Object.keys(job).sort()).toEqual(["dockStatusId", "raw", "status"]);
      }),
    );
  });

  it("rejects records with no id", () => {
    fc.assert(
      fc.property(
        fc.record({ dockStatusId: notAnId, "dock-statusId": notAnId, _id: notAnId }, { requiredKeys: [] }),
        fc.constantFrom("IN_PROGRESS", "SUCCESS", "FAILED"),
        (ids, status) => {
          expect(() => normalizeJob({ ...ids, status, jobType: "MODELS", modelId: "cm-1" })).toThrow(UnexpectedResponseError);
        },
      ),
    );
  });

  it.each([
    ["null", null],
    ["an array", [{ dockStatusId: "ds-1", status: "SUCCESS" }]],
    ["a string", "ds-1"],
    ["a record without status", { dockStatusId: "ds-1" }],
    ["a record with a numeric status", { dockStatusId: "ds-1", status: 1 }],
    ["a record with a blank status", { dockStatusId: "ds-1", status: "  " }],
  ])("rejects %s with UnexpectedResponseError carrying the body", (_label, raw) => {
    const error = (() => {
      try {
        normalizeJob(raw);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).body).toBe(raw);
  });

  it("lets a status, type or action the document does not list pass through", () => {
    const job = normalizeJob({ _id: "ds-9", status: "QUEUED", jobType: "AGENTS", action: "RETRAIN" });
    expect([job.status, job.jobType, job.action]).toEqual(["QUEUED", "AGENTS", "RETRAIN"]);
    expect(isTerminal(job)).toBe(false);
  });

  it("reads percentageComplete as a number, from a numeric string too", () => {
    expect(normalizeJob({ _id: "ds-1", status: "SUCCESS", percentageComplete: 100 }).percentageComplete).toBe(100);
    expect(normalizeJob({ _id: "ds-1", status: "SUCCESS", percentageComplete: " 42.5 " }).percentageComplete).toBe(42.5);
    expect(normalizeJob({ _id: "ds-1", status: "SUCCESS", percentageComplete: "most" })).not.toHaveProperty("percentageComplete");
  });
});

describe("isTerminal", () => {
  it.each([
    ["SUCCESS", true],
    ["FAILED", true],
    ["IN_PROGRESS", false],
    ["success", false],
  ])("%s -> %s", (status, expected) => {
    expect(isTerminal({ status })).toBe(expected);
  });
});

describe("normalizeDeleteTotals", () => {
  const count = fc.nat({ max: 1_000_000 });
  // A count as the service might send it: a number, or its digits with stray whitespace.
  const sentCount = count.chain((n) =>
    fc.oneof(
      fc.constant({ sent: n as unknown, n }),
      padded(fc.constant(String(n))).map((p) => ({ sent: p.value as unknown, n })),
    ),
  );

  it("reads the status whatever the case of its key, and counts sent as numbers or digit strings", () => {
    fc.assert(
      fc.property(anyCaseOf("status"), fc.constantFrom("Data", "data"), sentCount, sentCount, sentCount, (statusKey, dataKey, requested, deleted, notFound) => {
        const raw = {
          [statusKey]: "Success",
          [dataKey]: { totalRequested: requested.sent, totalDeleted: deleted.sent, totalNotFound: notFound.sent },
        };
        const { raw: kept, ...totals } = normalizeDeleteTotals(raw);
        expect(totals).toStrictEqual({ status: "Success", totalRequested: requested.n, totalDeleted: deleted.n, totalNotFound: notFound.n });
        expect(kept).toBe(raw);
      }),
    );
  });

  it("leaves status out when no key of any case holds one", () => {
    const totals = normalizeDeleteTotals({ Data: { totalRequested: 1, totalDeleted: 1, totalNotFound: 0 } });
    expect(totals).not.toHaveProperty("status");
    expect(totals.totalDeleted).toBe(1);
  });

  it.each([
    ["no Data", { Status: "Success" }],
    ["Data not an object", { Status: "Success", Data: "2 deleted" }],
    ["a missing total", { Status: "Success", Data: { totalRequested: 2, totalDeleted: 1 } }],
    ["a negative total", { Status: "Success", Data: { totalRequested: 2, totalDeleted: -1, totalNotFound: 1 } }],
    ["a fractional total", { Status: "Success", Data: { totalRequested: 2, totalDeleted: 1.5, totalNotFound: 1 } }],
    ["a word for a total", { Status: "Success", Data: { totalRequested: "two", totalDeleted: 1, totalNotFound: 1 } }],
    ["not an object", ["Success"]],
  ])("rejects a body with %s", (_label, raw) => {
    expect(() => normalizeDeleteTotals(raw)).toThrow(UnexpectedResponseError);
  });

  it("names the missing total in the message", () => {
    expect(() => normalizeDeleteTotals({ Data: { totalRequested: 2, totalDeleted: 1 } })).toThrow(/Data\.totalNotFound/);
  });
});

describe("normalizePageNumber", () => {
  it("keeps integers as they are", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(normalizePageNumber(n)).toBe(n);
      }),
    );
  });

  it("reads digit strings with surrounding whitespace as numbers", () => {
    fc.assert(
      fc.property(fc.nat(), whitespace, whitespace, (n, before, after) => {
        expect(normalizePageNumber(`${before}${n}${after}`)).toBe(n);
      }),
    );
  });

  it("reads digit strings with leading zeros by their value", () => {
    expect(normalizePageNumber("007")).toBe(7);
  });

  it("returns undefined for anything that is not an integer or a digit string", () => {
    const notDigits = fc.string().filter((s) => !/^\s*\d+\s*$/.test(s));
    const notInteger = fc.double().filter((d) => !Number.isInteger(d));
    const other = fc.oneof(fc.constant(null), fc.constant(undefined), fc.boolean(), fc.object(), fc.array(fc.nat()));
    fc.assert(
      fc.property(fc.oneof(notDigits, notInteger, other), (value) => {
        expect(normalizePageNumber(value)).toBeUndefined();
      }),
    );
    expect(normalizePageNumber("-3")).toBeUndefined();
    expect(normalizePageNumber("1 2")).toBeUndefined();
    expect(normalizePageNumber("99999999999999999999")).toBeUndefined();
  });
});

describe("normalizeChunk", () => {
  it("returns pageNumber as a number whether it came as an integer or a digit string", () => {
    fc.assert(
      fc.property(fc.nat(), fc.boolean(), whitespace, (page, asText, pad) => {
        const raw = { chunkId: "chk-1", chunkText: "x", pageNumber: asText ? `${pad}${page}${pad}` : page };
        const chunk = normalizeChunk(raw);
        expect(chunk.pageNumber).toBe(page);
        expect(chunk.raw).toBe(raw);
      }),
    );
  });

  it("leaves pageNumber out when it is not numeric, and keeps the other fields", () => {
    const raw = { chunkId: "chk-1", chunkTitle: "", pageNumber: "twelve", chunkMeta: { a: 1 } };
    const chunk = normalizeChunk(raw);
    expect(chunk).not.toHaveProperty("pageNumber");
    expect(chunk).toStrictEqual({ chunkId: "chk-1", chunkTitle: "", chunkMeta: { a: 1 }, raw });
  });

  it("takes the id from _id when chunkId is missing, and rejects a chunk with neither", () => {
    expect(normalizeChunk({ _id: " chk-2 " }).chunkId).toBe("chk-2");
    expect(() => normalizeChunk({ chunkText: "orphan" })).toThrow(UnexpectedResponseError);
    expect(() => normalizeChunk("chk-3")).toThrow(UnexpectedResponseError);
  });
});

// The spec's own named examples, each with its canonical reading written out by hand.
describe("the spec's named examples", () => {
  const spec = loadSpec();
  const value = (name: string) => exampleValue(spec, name);

  const MODEL = "cm-4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8";
  const TOOL = "a-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b";
  const EXPORT_ID = "tool-ej-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c";
  const DOWNLOAD = "https://files.platform.invalid/exports/order-lookup.zip";

  const JOBS: Record<string, Record<string, unknown>> = {
    ImportCompleted: { dockStatusId: "ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", modelId: MODEL, jobType: "MODELS", action: "IMPORT", status: "IN_PROGRESS" },
    ImportCompletedVendorSample: { dockStatusId: "ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", modelId: MODEL, jobType: "MODELS", action: "EXPORT", status: "IN_PROGRESS" },
    ModelDeployStarted: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
    ModelDeployStartedTableSpelling: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
    ModelUndeployed: { dockStatusId: "ds-3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", modelId: MODEL, jobType: "MODELS", action: "UNDEPLOY", status: "SUCCESS" },
    ToolImportStarted: { dockStatusId: "ds-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "IN_PROGRESS" },
    ToolExportStarted: {
      dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
      toolId: TOOL,
      jobType: "TOOLS",
      action: "EXPORT",
      status: "IN_PROGRESS",
      exportJobId: EXPORT_ID,
      downloadUrl: DOWNLOAD,
    },
    ToolExportStartedTableCase: {
      dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
      toolId: TOOL,
      jobType: "TOOLS",
      action: "EXPORT",
      status: "IN_PROGRESS",
      exportJobId: EXPORT_ID,
      downloadUrl: DOWNLOAD,
    },
    ToolDeployed: { dockStatusId: "ds-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c", toolId: TOOL, jobType: "TOOLS", action: "DEPLOY", status: "SUCCESS" },
    ToolDeployStarted: { dockStatusId: "ds-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c", toolId: TOOL, jobType: "TOOLS", action: "DEPLOY", status: "IN_PROGRESS" },
    ToolUndeployed: { dockStatusId: "ds-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", toolId: TOOL, jobType: "TOOLS", action: "UNDEPLOY", status: "SUCCESS" },
    GuardrailDeployed: { dockStatusId: "ds-8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e", modelId: "cm-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" },
    GuardrailDeployedTableField: { dockStatusId: "ds-8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e", guardrail: "Toxicity", jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" },
    GuardrailUndeployed: { dockStatusId: "ds-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", modelId: "cm-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", jobType: "GUARDRAILS", action: "UNDEPLOY", status: "SUCCESS" },
    GuardrailUndeployedVendorSample: {
      dockStatusId: "ds-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      toolId: "a-0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a",
      jobType: "GUARDRAILS",
      action: "DEPLOY",
      status: "SUCCESS",
    },
    DockStatusInProgress: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
    DockStatusExportDone: {
      dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
      toolId: TOOL,
      jobType: "TOOLS",
      action: "EXPORT",
      status: "SUCCESS",
      percentageComplete: 100,
      downloadUrl: DOWNLOAD,
    },
    DockStatusFailed: { dockStatusId: "ds-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "FAILED" },
    ModelExportStarted: { dockStatusId: "ds-0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b", modelId: MODEL, jobType: "MODELS", action: "EXPORT", status: "IN_PROGRESS" },
    ToolImportedIntoExisting: { dockStatusId: "ds-1f2a3b4c-5d6e-4f7a-8b9c-0d1e2f3a4b5c", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "SUCCESS" },
    // The leading space of the reference's sample is gone.
    DockStatusModelExportDone: {
      dockStatusId: "ds-0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b",
      modelId: MODEL,
      jobType: "MODELS",
      action: "EXPORT",
      status: "SUCCESS",
      percentageComplete: 100,
      downloadUrl: "https://files.platform.invalid/exports/support-model.tar",
    },
  };

  it("has an expectation below for every job-record example (a new one must be added here)", () => {
    const jobExamples = Object.keys(recordOf(memberAt(spec, "components", "examples"))).filter((name) => {
      const v = memberAt(spec, "components", "examples", name, "value");
      return isRecord(v) && "jobType" in v && "status" in v;
    });
    expect(jobExamples.sort()).toEqual(Object.keys(JOBS).sort());
  });

  it.each(Object.entries(JOBS))("normalises %s", (name, expected) => {
    const raw = value(name);
    const { raw: kept, ...canonical } = normalizeJob(raw);
    expect(canonical).toStrictEqual(expected);
    expect(kept).toBe(raw);
  });

  it.each([
    ["ChunksDeletedVendorCase", { status: "Success", totalRequested: 2, totalDeleted: 1, totalNotFound: 1 }],
    ["ChunksDeletedTableCase", { status: "Success", totalRequested: 2, totalDeleted: 2, totalNotFound: 0 }],
    ["ChunksDeletedWithNotFoundIds", { status: "Success", totalRequested: 2, totalDeleted: 1, totalNotFound: 1, notFoundChunkIds: ["chk-0000aaaa-1111-4bbb-8ccc-2222dddd3333"] }],
  ])("reads the totals of %s", (name, expected) => {
    const { raw, ...totals } = normalizeDeleteTotals(value(name));
    expect(totals).toStrictEqual(expected);
    expect(raw).toBe(value(name));
  });

  it.each([
    ["ChunkPageWithMore", "chk-5f2a9c3e-1b7d-4e8f-a6c2-9d0e3b4f5a61", 12],
    ["ChunkPageLast", "chk-6a3b0d4f-2c8e-4f9a-b7d3-0e1f4c5a6b72", 3],
  ])("reads the chunk of %s", (name, chunkId, pageNumber) => {
    const [chunk] = listOf(memberAt(value(name), "chunks")).map(normalizeChunk);
    expect(chunk).toMatchObject({ chunkId, pageNumber });
  });

  it("reads the update sample's string pageNumber as the same page as the documented integer", () => {
    const vendor = memberAt(value("UpdateChunkVendorSample"), "pageNumber");
    const documented = memberAt(value("UpdateChunk"), "pageNumber");
    expect(vendor).toBe("12");
    expect(normalizePageNumber(vendor)).toBe(12);
    expect(normalizePageNumber(documented)).toBe(12);
  });
});
