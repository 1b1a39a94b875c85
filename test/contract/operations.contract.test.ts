// Contract: every operation of the spec, called through the public client against Prism serving
// the same spec. Prism validates each request (a 422 or a 401 means the client sent something
// the spec refuses), and answers with its default example, which the wrapper must decode and
// normalise. The operations come from the spec, not from the client, so an operation added to
// the spec without a call in CALLS (contract-client.ts) fails here.
import { describe, expect, it } from "vitest";
import { memberAt } from "../../scripts/lib/json-members.mjs";
import { examplesOf, operationAt } from "../../scripts/lib/spec.mjs";
import { credentialHeader } from "../support/sample-requests.js";
import type { Outcome } from "./contract-client.js";
import { CALLS, contractClient, describeWire, spec, specOperations } from "./contract-client.js";

const JOB_ID = /^ds-\S+$/;
const URL_TEXT = /^https?:\/\/\S+$/;

// What each job-starting operation is about: Prism's default answer is the first example, which
// the spec keeps in the documented form (the vendor's odd samples come after it).
const JOB_KIND: Record<string, { jobType: string; action: string }> = {
  deployModel: { jobType: "MODELS", action: "DEPLOY" },
  undeployModel: { jobType: "MODELS", action: "UNDEPLOY" },
  importTool: { jobType: "TOOLS", action: "IMPORT" },
  exportTool: { jobType: "TOOLS", action: "EXPORT" },
  deployTool: { jobType: "TOOLS", action: "DEPLOY" },
  undeployTool: { jobType: "TOOLS", action: "UNDEPLOY" },
  deployGuardrail: { jobType: "GUARDRAILS", action: "DEPLOY" },
  undeployGuardrail: { jobType: "GUARDRAILS", action: "UNDEPLOY" },
  getDockStatus: { jobType: "MODELS", action: "DEPLOY" },
};

/** The operation's first named 200 example: what static Prism answers. */
function defaultExample(operationId: string): unknown {
  const op = specOperations.find((o) => o.operationId === operationId)!;
  const [first] = examplesOf(spec, memberAt(operationAt(spec, op).responses, "200", "content", "application/json"));
  if (!first) throw new Error(`${operationId} has no named 200 example`);
  return first.value;
}

/** The canonical view of a job: one `ds-` id whatever key carried it, trimmed text, known enums. */
function expectCanonicalJob(job: Extract<Outcome, { kind: "job" }>["value"]) {
  expect(job.dockStatusId).toMatch(JOB_ID);
  expect(["IN_PROGRESS", "SUCCESS", "FAILED"]).toContain(job.status);
  expect(["MODELS", "TOOLS", "GUARDRAILS"]).toContain(job.jobType);
  expect(["IMPORT", "EXPORT", "DEPLOY", "UNDEPLOY"]).toContain(job.action);
  if (job.downloadUrl !== undefined) expect(job.downloadUrl).toMatch(URL_TEXT);
  // The body as received stays reachable, and the canonical id came from one of its spellings.
  const raw = job.raw as Record<string, unknown>;
  expect([raw.dockStatusId, raw["dock-statusId"], raw._id]).toContain(job.dockStatusId);
}

function expectCanonical(operationId: string, outcome: Outcome) {
  switch (outcome.kind) {
    case "job": {
      expectCanonicalJob(outcome.value);
      expect(outcome.value).toMatchObject(JOB_KIND[operationId] ?? {});
      return;
    }
    case "import": {
      const { job, sessionId, modelId, state } = outcome.value;
      expectCanonicalJob(job);
      expect(job).toMatchObject({ jobType: "MODELS", action: "IMPORT" });
      expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
      expect(modelId).toMatch(/^cm-\S+$/);
      // Every chunk was acknowledged: a chunk the engine thinks failed would not be listed.
      expect(state.uploadedChunks).toEqual([0, 1]);
      return;
    }
    case "chunkPage": {
      const page = outcome.value;
      expect(page.items.length).toBeGreaterThan(0);
      for (const chunk of page.items) {
        expect(chunk.chunkId).toMatch(/^chk-\S+$/);
        expect(typeof chunk.pageNumber).toBe("number");
      }
      expect(typeof page.hasMore).toBe("boolean");
      expect(page.nextCursor === null || typeof page.nextCursor === "string").toBe(true);
      return;
    }
    case "deleteTotals": {
      const totals = outcome.value;
      for (const key of ["totalRequested", "totalDeleted", "totalNotFound"] as const) {
        expect(Number.isInteger(totals[key]), key).toBe(true);
        expect(totals[key], key).toBeGreaterThanOrEqual(0);
      }
      expect(totals.totalDeleted + totals.totalNotFound).toBe(totals.totalRequested);
      // Two batches were sent, so the totals are the sum of two answers.
      expect(totals.raw).toHaveLength(2);
      expect(totals.status).toBe("Success");
      return;
    }
    case "uploadedFile": {
      expect(outcome.value.fileId).toMatch(/^\S+$/);
      expect(outcome.value.url).toMatch(URL_TEXT);
      return;
    }
    case "body": {
      // These wrappers return the service's body as it came: decoded JSON, nothing rewritten.
      expect(outcome.value).toEqual(defaultExample(operationId));
      return;
    }
  }
}

describe("contract: every operation of the spec through the public client", () => {
  it("has a contract call for every operation of the spec, and none for an operation it lacks", () => {
    const inSpec = specOperations.map((op) => op.operationId);
    expect(inSpec.filter((id) => !Object.hasOwn(CALLS, id)), "spec operations without a call in CALLS").toEqual([]);
    expect(Object.keys(CALLS).filter((id) => !inSpec.includes(id)), "CALLS entries for operations the spec lacks").toEqual([]);
  });

  it.each(specOperations.map((op) => [op.operationId] as const))("%s: accepted by Prism, decoded and normalised", async (operationId) => {
    const call = CALLS[operationId];
    if (!call) throw new Error(`${operationId} has no contract call: add one to CALLS in test/contract/contract-client.ts`);
    const { client, wire } = contractClient();

    // Any typed error (422 from Prism's request validation, 401 for a missing credential, a
    // ValidationError before sending) fails the test, with what went over the wire.
    let outcome: Outcome;
    try {
      outcome = await call.run(client);
    } catch (error) {
      throw new Error(`${operationId} threw ${String(error)}\nwire:\n${describeWire(wire)}`, { cause: error });
    }

    const reached = wire.map((w) => w.operationId);
    expect(reached, describeWire(wire)).toContain(operationId);
    expect(reached, describeWire(wire)).toEqual(call.wire);
    expect(wire.filter((w) => w.status !== 200 || w.violations !== undefined), describeWire(wire)).toEqual([]);
    // Prism only checks that the required credential is present; that the other one never goes
    // along (an API key on a chunk call, a JWT elsewhere) is checked here, per the spec's security.
    for (const sent of wire) {
      const op = specOperations.find((o) => o.operationId === sent.operationId)!;
      expect(sent.credentials, `${sent.method} ${sent.path}`).toEqual([credentialHeader(spec, op)]);
    }
    expectCanonical(operationId, outcome);
  });

  it("deleteAttachment without a session sends no body, and Prism accepts that too", async () => {
    const { client, wire } = contractClient();
    const deleted = await client.attachments.delete("st-0a1b2c3d", "dev", "f-1e2f3a4b");
    expect(wire.map((w) => [w.operationId, w.status]), describeWire(wire)).toEqual([["deleteAttachment", 200]]);
    expect(deleted).toEqual(defaultExample("deleteAttachment"));
  });

  it("updateConnection sends a partial update of a custom API connection alone (update-api-connection)", async () => {
    const { client, wire } = contractClient();
    await client.connections.update("cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10", { connectionName: "Ticket summariser (staging)", llmFeatures: { streaming: false } });
    expect(wire.map((w) => [w.operationId, w.status]), describeWire(wire)).toEqual([["updateConnection", 200]]);
  });

  it("deleteAttachment sends its session fields as JSON when asked (delete-attachment-json-body)", async () => {
    const { client, wire } = contractClient();
    await client.attachments.delete("st-0a1b2c3d", "dev", "f-1e2f3a4b", { sessionReference: "user-42-session-7", encoding: "json" });
    expect(wire.map((w) => [w.operationId, w.status]), describeWire(wire)).toEqual([["deleteAttachment", 200]]);
  });
});
