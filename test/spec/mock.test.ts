// Prism serving openapi/platform.yaml: every operation answers a valid request with a
// response that validates against the spec, every named response example can be asked
// for, and requests that break the document are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrism } from "../../scripts/lib/prism.mjs";
import { memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { SPEC_ID, createSpecAjv, deref, examplesOf, listOperations, loadSpec, operationAt, refOf, specPath } from "../../scripts/lib/spec.mjs";
import { CREDENTIALS, credentialHeader, sampleRequest } from "../support/sample-requests.js";
import { exampleRecord } from "../support/spec-members.js";

const spec = loadSpec();
const ajv = createSpecAjv(spec);
const operations = listOperations(spec);
const byId = (id: string) => operations.find((o) => o.operationId === id)!;

let prism: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  // The contract setup's bound: a busy machine can take Prism past the launcher's 60 s default.
  prism = await startPrism({ spec: specPath(), readyTimeoutMs: 120_000 });
}, 130_000);
afterAll(async () => {
  await prism?.stop();
});

// A response may be a $ref to components.responses; Ajv follows schema refs, not response refs.
function responseValidator(op: (typeof operations)[number], status: string) {
  const response = deref(spec, memberAt(operationAt(spec, op).responses, status));
  const ref = refOf(memberAt(response, "content", "application/json", "schema"));
  if (ref === undefined) throw new Error(`${op.operationId} ${status}: the JSON answer's schema is not a $ref`);
  return ajv.compile({ $ref: `${SPEC_ID}${ref}` });
}

const responseExamples = operations.flatMap((op) =>
  examplesOf(spec, memberAt(operationAt(spec, op).responses, "200", "content", "application/json")).map(({ name, value }) => ({ op, name, value })),
);

describe("Prism mock of the spec", () => {
  it.each(operations.map((op) => [op.operationId, op] as const))("answers %s with a response valid against the spec", async (_, op) => {
    const { url, init } = sampleRequest(spec, op, prism.url);
    const response = await fetch(url, init);
    const text = await response.text();
    expect(response.status, `${text} ${response.headers.get("sl-violations")}`).toBe(200);
    const validate = responseValidator(op, "200");
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(responseExamples.map((c) => [`${c.op.operationId} / ${c.name}`, c] as const))("serves the named example %s", async (_, c) => {
    const { url, init } = sampleRequest(spec, c.op, prism.url);
    const response = await fetch(url, { ...init, headers: { ...(init.headers as object), Prefer: `example=${c.name}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(c.value);
  });

  it("serves the documented errors of delete chunks by id", async () => {
    const op = byId("deleteChunksById");
    for (const code of [400, 401, 404, 500]) {
      const { url, init } = sampleRequest(spec, op, prism.url);
      const response = await fetch(url, { ...init, headers: { ...(init.headers as object), Prefer: `code=${code}` } });
      expect(response.status).toBe(code);
      expect(responseValidator(op, String(code))(await response.json())).toBe(true);
    }
  });
});

describe("Prism refuses requests that break the document", () => {
  async function send(operationId: string, change: { body?: unknown; dropHeader?: string; headers?: Record<string, string> }) {
    const op = byId(operationId);
    const { url, init } = sampleRequest(spec, op, prism.url);
    const headers = { ...(init.headers as Record<string, string>), ...change.headers };
    if (change.dropHeader) delete headers[change.dropHeader];
    const body = change.body === undefined ? init.body : JSON.stringify(change.body);
    const response = await fetch(url, { ...init, headers, ...(body === undefined ? {} : { body }) });
    await response.arrayBuffer();
    return { status: response.status, violations: response.headers.get("sl-violations") ?? "" };
  }
  /** The DeployModel example with one of its hyperParameters set to `value`. */
  const deployModelWith = (hyperParameter: string, value: JsonValue): JsonRecord => {
    const body = exampleRecord(spec, "DeployModel");
    return { ...body, hyperParameters: { ...recordOf(body.hyperParameters), [hyperParameter]: value } };
  };

  it("temperature 3", async () => {
    const { status, violations } = await send("deployModel", { body: deployModelWith("temperature", 3) });
    // Prism answers with the operation's own 400 (every operation declares one), the reasons in sl-violations.
    expect(status).toBe(400);
    expect(violations).toContain("hyperParameters.temperature must be <= 2");
  });

  it("topK 0", async () => {
    const { status, violations } = await send("deployModel", { body: deployModelWith("topK", 0) });
    // Prism answers with the operation's own 400 (every operation declares one), the reasons in sl-violations.
    expect(status).toBe(400);
    expect(violations).toContain("hyperParameters.topK must be >= 1");
  });

  it("an unknown guardrail name", async () => {
    const { status, violations } = await send("deployGuardrail", { body: { name: "Profanity" } });
    // Prism answers with the operation's own 400 (every operation declares one), the reasons in sl-violations.
    expect(status).toBe(400);
    expect(violations).toContain("name must be equal to one of the allowed values");
  });

  it("a missing x-api-key", async () => {
    for (const id of ["getConnection", "deployGuardrail", "getDockStatus"]) {
      expect((await send(id, { dropHeader: "x-api-key" })).status, id).toBe(401);
    }
  });

  it("auth missing on each chunk operation, even with an x-api-key instead", async () => {
    for (const id of ["listChunks", "updateChunk", "deleteChunksById"]) {
      expect(credentialHeader(spec, byId(id))).toBe("auth");
      const { status } = await send(id, { dropHeader: "auth", headers: { "x-api-key": CREDENTIALS["x-api-key"] } });
      expect(status, id).toBe(401);
    }
  });
});
