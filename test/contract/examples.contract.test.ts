// Contract: every named response example of the spec, asked of Prism with `Prefer` and read
// through the public client. The vendor's samples disagree with the field tables (two job-id
// spellings, `Status`/`status`, `downloadURL` with stray spaces, a guardrail undeploy that says
// DEPLOY...); each is served verbatim and the wrapper's result is compared with what was written
// down by hand below, not with what the normaliser computes. Error examples are reached with
// `Prefer: code=` and must come back as the typed error of their status, body intact.
import { describe, expect, it } from "vitest";
import { memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import { deref, examplesOf, operationAt } from "../../scripts/lib/spec.mjs";
import { type APIError, AuthenticationError, BadRequestError, InternalServerError, NotFoundError } from "../../src/node.js";
import type { NodePlatformClient } from "../../src/node.js";
import type { ContractCall, Outcome } from "./contract-client.js";
import { apiErrorIn, CALLS, contractClient, describeWire, spec, specOperations } from "./contract-client.js";

// ---------------------------------------------------------------------------------------------
// The named examples, from the spec: every response of every operation, errors included.

interface NamedExample {
  operationId: string;
  /** The response key: "200", "400", or "default" for any status the spec does not name. */
  status: string;
  name: string;
  value: unknown;
}

const namedExamples: NamedExample[] = specOperations.flatMap((op) =>
  Object.entries(recordOf(operationAt(spec, op).responses)).flatMap(([status, rawResponse]) =>
    examplesOf(spec, memberAt(deref(spec, rawResponse), "content", "application/json")).map(({ name, value }) => ({
      operationId: op.operationId,
      status,
      name,
      value,
    })),
  ),
);
const keyOf = (e: Pick<NamedExample, "operationId" | "status" | "name">) => `${e.operationId} ${e.status} ${e.name}`;
const successes = namedExamples.filter((e) => /^2/.test(e.status));
const failures = namedExamples.filter((e) => !/^2/.test(e.status));

// Filled as the tests see Prism receive `Prefer: example=<name>`; the last test checks it is complete.
const requested = new Set<string>();
function noteRequested(example: NamedExample, wire: ReturnType<typeof contractClient>["wire"]) {
  if (wire.some((w) => w.operationId === example.operationId && w.prefer?.includes(`example=${example.name}`))) requested.add(keyOf(example));
}

// ---------------------------------------------------------------------------------------------
// What the wrapper must return for each 200 example, written by hand from the example.

type Expected =
  /** Job-starting wrappers and jobs.get: the canonical job (raw aside), compared exactly. */
  | { kind: "job"; job: Record<string, unknown> }
  /** importModel / resumeImport: the parts of the result this example decides. */
  | { kind: "import"; result: Record<string, unknown> }
  /** chunks.list: the page's cursors and the fields of each item that matter, pageNumber a number. */
  | { kind: "chunkPage"; page: { hasMore: boolean; nextCursor: string | null; prevCursor: string | null; items: Record<string, unknown>[] } }
  /** chunks.delete in two batches of one id: the totals summed over both answers. */
  | { kind: "deleteTotals"; totals: Record<string, unknown> }
  | { kind: "uploadedFile"; file: Record<string, unknown> }
  /** Wrappers that return the body untouched: it must equal the example. */
  | { kind: "body" };

const MODEL = "cm-4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8";
// The finished model export, as two examples (the export's answer and Get dock status) both give it.
const MODEL_EXPORT_DONE = {
  dockStatusId: "ds-0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b",
  modelId: MODEL,
  jobType: "MODELS",
  action: "EXPORT",
  status: "SUCCESS",
  percentageComplete: 100,
  downloadUrl: "https://files.platform.invalid/exports/support-model.tar",
};
const TOOL = "a-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b";
const EXPORT_URL = "https://files.platform.invalid/exports/order-lookup.zip";

const EXPECTED: Record<string, Expected> = {
  connectionList: { kind: "body" },
  connectionCreated: { kind: "body" },
  connection: { kind: "body" },
  connectionUpdated: { kind: "body" },
  customConnectionFinalized: { kind: "body" },
  chunkPageWithMore: {
    kind: "chunkPage",
    page: { hasMore: true, nextCursor: "eyJvZmZzZXQiOjJ9", prevCursor: null, items: [{ chunkId: "chk-5f2a9c3e-1b7d-4e8f-a6c2-9d0e3b4f5a61", pageNumber: 12, sourceName: "handbook.pdf" }] },
  },
  chunkPageLast: {
    kind: "chunkPage",
    page: { hasMore: false, nextCursor: null, prevCursor: "eyJvZmZzZXQiOjB9", items: [{ chunkId: "chk-6a3b0d4f-2c8e-4f9a-b7d3-0e1f4c5a6b72", pageNumber: 3, chunkTitle: "" }] },
  },
  chunkUpdated: { kind: "body" },
  // `Status` (sample) and `status` (field table) read alike; 2 batches, so every count doubles.
  chunksDeletedVendorCase: { kind: "deleteTotals", totals: { status: "Success", totalRequested: 4, totalDeleted: 2, totalNotFound: 2 } },
  chunksDeletedTableCase: { kind: "deleteTotals", totals: { status: "Success", totalRequested: 4, totalDeleted: 4, totalNotFound: 0 } },
  // The current reference's notFoundChunkIds: joined across the two batches.
  chunksDeletedWithNotFoundIds: {
    kind: "deleteTotals",
    totals: { status: "Success", totalRequested: 4, totalDeleted: 2, totalNotFound: 2, notFoundChunkIds: ["chk-0000aaaa-1111-4bbb-8ccc-2222dddd3333", "chk-0000aaaa-1111-4bbb-8ccc-2222dddd3333"] },
  },
  importSessionStarted: {
    kind: "import",
    result: {
      sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c",
      modelId: MODEL,
      state: { sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c", expirationDate: "2099-12-31T23:59:59.000Z", modelId: MODEL, fileContext: "model", totalChunks: 2 },
    },
  },
  // The receipt itself is not returned; what it means is that both chunks count as uploaded.
  chunkReceived: { kind: "import", result: { state: { uploadedChunks: [0, 1] } } },
  importCompleted: {
    kind: "import",
    result: { job: { dockStatusId: "ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", modelId: MODEL, jobType: "MODELS", action: "IMPORT", status: "IN_PROGRESS" }, modelId: MODEL },
  },
  // The vendor's sample says EXPORT for an import: the client reports what it was told.
  importCompletedVendorSample: {
    kind: "import",
    result: { job: { dockStatusId: "ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", modelId: MODEL, jobType: "MODELS", action: "EXPORT", status: "IN_PROGRESS" }, modelId: MODEL },
  },
  bulkImportCompleted: { kind: "uploadedFile", file: { fileId: "67d3f0a2b4c5d6e7f8091a2b", url: "https://files.platform.invalid/uploads/flow-data.json" } },
  modelDeployStarted: {
    kind: "job",
    job: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
  },
  modelDeployStartedTableSpelling: {
    kind: "job",
    job: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
  },
  modelUndeployed: {
    kind: "job",
    job: { dockStatusId: "ds-3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", modelId: MODEL, jobType: "MODELS", action: "UNDEPLOY", status: "SUCCESS" },
  },
  modelExportStarted: {
    kind: "job",
    job: { dockStatusId: "ds-0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b", modelId: MODEL, jobType: "MODELS", action: "EXPORT", status: "IN_PROGRESS" },
  },
  // The reference's answer to an export is the finished record, its id under `_id` alone and a
  // leading space in the address: the job id and the trimmed address come out all the same.
  modelExportedVendorSample: {
    kind: "job",
    job: MODEL_EXPORT_DONE,
  },
  toolImportedIntoExisting: {
    kind: "job",
    job: { dockStatusId: "ds-1f2a3b4c-5d6e-4f7a-8b9c-0d1e2f3a4b5c", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "SUCCESS" },
  },
  toolImportStarted: {
    kind: "job",
    job: { dockStatusId: "ds-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "IN_PROGRESS" },
  },
  toolExportStarted: {
    kind: "job",
    job: {
      dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
      toolId: TOOL,
      jobType: "TOOLS",
      action: "EXPORT",
      status: "IN_PROGRESS",
      exportJobId: "tool-ej-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c",
      downloadUrl: EXPORT_URL,
    },
  },
  // `response.downloadURL: ' https://… '`: the same canonical downloadUrl, trimmed.
  toolExportStartedTableCase: {
    kind: "job",
    job: {
      dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
      toolId: TOOL,
      jobType: "TOOLS",
      action: "EXPORT",
      status: "IN_PROGRESS",
      exportJobId: "tool-ej-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c",
      downloadUrl: EXPORT_URL,
    },
  },
  toolDeployed: { kind: "job", job: { dockStatusId: "ds-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c", toolId: TOOL, jobType: "TOOLS", action: "DEPLOY", status: "SUCCESS" } },
  toolDeployStarted: { kind: "job", job: { dockStatusId: "ds-6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c", toolId: TOOL, jobType: "TOOLS", action: "DEPLOY", status: "IN_PROGRESS" } },
  toolUndeployed: { kind: "job", job: { dockStatusId: "ds-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", toolId: TOOL, jobType: "TOOLS", action: "UNDEPLOY", status: "SUCCESS" } },
  guardrailDeployed: {
    kind: "job",
    job: { dockStatusId: "ds-8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e", modelId: "cm-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" },
  },
  guardrailDeployedTableField: {
    kind: "job",
    job: { dockStatusId: "ds-8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e", guardrail: "Toxicity", jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" },
  },
  guardrailUndeployed: {
    kind: "job",
    job: { dockStatusId: "ds-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", modelId: "cm-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", jobType: "GUARDRAILS", action: "UNDEPLOY", status: "SUCCESS" },
  },
  // The vendor's undeploy sample: a tool id and action DEPLOY, reported as sent.
  guardrailUndeployedVendorSample: {
    kind: "job",
    job: { dockStatusId: "ds-9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", toolId: "a-0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a", jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" },
  },
  attachmentUploaded: { kind: "body" },
  attachmentDeleted: { kind: "body" },
  // Get dock status names the job `_id`.
  dockStatusInProgress: {
    kind: "job",
    job: { dockStatusId: "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", modelId: MODEL, jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" },
  },
  dockStatusExportDone: {
    kind: "job",
    job: { dockStatusId: "ds-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b", toolId: TOOL, jobType: "TOOLS", action: "EXPORT", status: "SUCCESS", percentageComplete: 100, downloadUrl: EXPORT_URL },
  },
  // The reference's sample has a leading space in the address: trimmed.
  dockStatusModelExportDone: {
    kind: "job",
    job: MODEL_EXPORT_DONE,
  },
  dockStatusFailed: { kind: "job", job: { dockStatusId: "ds-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a", toolId: TOOL, jobType: "TOOLS", action: "IMPORT", status: "FAILED" } },
  fileUploaded: { kind: "uploadedFile", file: { fileId: "67d3f0a2b4c5d6e7f8091a2b", url: "https://files.platform.invalid/uploads/tool-data.json" } },
};

// ---------------------------------------------------------------------------------------------
// Calls other than the operation's own CALLS entry, for examples that entry cannot show.

/** Bytes from a stream: the only way a small file goes through the session rather than one request. */
async function* streamOf(bytes: Uint8Array) {
  yield bytes;
}
const FLOW_DATA = new TextEncoder().encode('{"flow":[]}');

const EXAMPLE_CALLS: Record<string, ContractCall> = {
  // A `bulkImport` session completes with `{url, fileId}`, which only Upload File's session path
  // reads (importModel expects a job).
  bulkImportCompleted: {
    wire: ["startImportSession", "uploadImportChunk", "completeImportSession"],
    run: async (c: NodePlatformClient) => ({
      kind: "uploadedFile",
      value: await c.files.upload({ source: { stream: streamOf(FLOW_DATA), size: FLOW_DATA.length }, fileName: "flow-data.json" }),
    }),
  },
};

function expectAsWrittenDown(example: NamedExample, outcome: Outcome) {
  const expected = EXPECTED[example.name];
  if (!expected) throw new Error(`no expectation for example ${example.name}: write one in EXPECTED`);
  expect(outcome.kind, "the wrapper's kind of result").toBe(expected.kind);
  switch (expected.kind) {
    case "body":
      expect(outcome.value).toEqual(example.value);
      return;
    case "job": {
      const { raw, ...canonical } = (outcome as Extract<Outcome, { kind: "job" }>).value;
      expect(canonical).toEqual(expected.job);
      expect(raw, "the body as received").toEqual(example.value);
      return;
    }
    case "import": {
      const result = (outcome as Extract<Outcome, { kind: "import" }>).value;
      expect(result).toMatchObject(expected.result);
      return;
    }
    case "chunkPage": {
      const page = (outcome as Extract<Outcome, { kind: "chunkPage" }>).value;
      expect({ hasMore: page.hasMore, nextCursor: page.nextCursor, prevCursor: page.prevCursor }).toEqual({
        hasMore: expected.page.hasMore,
        nextCursor: expected.page.nextCursor,
        prevCursor: expected.page.prevCursor,
      });
      expect(page.items).toMatchObject(expected.page.items);
      for (const item of page.items) expect(typeof item.pageNumber).toBe("number");
      return;
    }
    case "deleteTotals": {
      const { raw, ...totals } = (outcome as Extract<Outcome, { kind: "deleteTotals" }>).value;
      expect(totals).toEqual(expected.totals);
      expect(raw, "one raw answer per batch").toEqual([example.value, example.value]);
      return;
    }
    case "uploadedFile": {
      const { raw, ...file } = (outcome as Extract<Outcome, { kind: "uploadedFile" }>).value;
      expect(file).toEqual(expected.file);
      expect(raw).toEqual(example.value);
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Errors: the concrete status asked of Prism for each response key, and the class it must become.

/** `default` stands for a status the spec does not name: 503, a 5xx with no class of its own. */
const statusFor = (key: string) => (key === "default" ? 503 : Number(key));
const ERROR_CLASS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  404: NotFoundError,
  500: InternalServerError,
  503: InternalServerError,
};

describe("contract: every named response example through the public client", () => {
  it("has an expectation for every 200 example of the spec, and none for an example it lacks", () => {
    const names = successes.map((e) => e.name);
    expect(names.filter((n) => !Object.hasOwn(EXPECTED, n)), "examples without an expectation").toEqual([]);
    expect(Object.keys(EXPECTED).filter((n) => !names.includes(n)), "expectations for examples the spec lacks").toEqual([]);
  });

  it.each(successes.map((e) => [`${e.operationId} / ${e.name}`, e] as const))("%s", async (_, example) => {
    const call = EXAMPLE_CALLS[example.name] ?? CALLS[example.operationId];
    if (!call) throw new Error(`${example.operationId} has no contract call in CALLS`);
    const { client, wire } = contractClient({ prefer: { operationId: example.operationId, value: `example=${example.name}` } });

    let outcome: Outcome;
    try {
      outcome = await call.run(client);
    } catch (error) {
      throw new Error(`${example.name} threw ${String(error)}\nwire:\n${describeWire(wire)}`, { cause: error });
    } finally {
      noteRequested(example, wire);
    }

    expect(wire.map((w) => w.operationId), describeWire(wire)).toEqual(call.wire);
    expect(wire.filter((w) => w.status !== 200), describeWire(wire)).toEqual([]);
    expect(requested.has(keyOf(example)), `Prism never received Prefer: example=${example.name}\n${describeWire(wire)}`).toBe(true);
    expectAsWrittenDown(example, outcome);
  });

  // No retries: every 5xx here would otherwise be sent 3 times, and an import chunk 4 times more.
  it.each(failures.map((e) => [`${e.operationId} / ${e.status} ${e.name}`, e] as const))("%s becomes a typed error", async (_, example) => {
    const status = statusFor(example.status);
    const call = CALLS[example.operationId];
    if (!call) throw new Error(`${example.operationId} has no contract call in CALLS`);
    const { client, wire } = contractClient({
      prefer: { operationId: example.operationId, value: `code=${status}, example=${example.name}` },
      maxRetries: 0,
      internals: { sleep: async () => {} },
    });

    const thrown = await call.run(client).then(
      (outcome) => outcome,
      (error: unknown) => error,
    );
    noteRequested(example, wire);
    const error = apiErrorIn(thrown);

    expect(wire.filter((w) => w.operationId === example.operationId).map((w) => w.status), describeWire(wire)).toContain(status);
    expect(error, `${String(thrown)}\n${describeWire(wire)}`).toBeInstanceOf(ERROR_CLASS[status]!);
    expect(error).toMatchObject({ status, operationId: example.operationId });
    // The vendor's message is kept as the body, as it came.
    expect((error as APIError).body).toEqual(example.value);
  });

  it("retries a 5xx of a retry-safe operation (no real sleeps), but not of one that is not", async () => {
    const fast = { sleep: async () => {} };
    const safe = contractClient({ prefer: { operationId: "getDockStatus", value: "code=503" }, internals: fast });
    await expect(safe.client.jobs.get("ds-2b3c4d5e")).rejects.toBeInstanceOf(InternalServerError);
    // The default maxRetries is 2: three attempts in all.
    expect(safe.wire.map((w) => `${w.operationId} ${w.status}`)).toEqual(Array(3).fill("getDockStatus 503"));

    const unsafe = contractClient({ prefer: { operationId: "deployGuardrail", value: "code=503" }, internals: fast });
    await expect(unsafe.client.guardrails.deploy("Toxicity")).rejects.toBeInstanceOf(InternalServerError);
    expect(unsafe.wire.map((w) => `${w.operationId} ${w.status}`)).toEqual(["deployGuardrail 503"]);
  });

  // Last, so it sees what every test above asked for.
  it("asked Prism for every named example of the spec", () => {
    const never = namedExamples.filter((e) => !requested.has(keyOf(e))).map(keyOf);
    expect(never, "named examples no test requested").toEqual([]);
  });
});
