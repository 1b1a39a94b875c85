// validateResponses against a fake service that departs from the spec in each kind an answer can
// (a required property missing, a type, an enum value, a format, a limit, a body that is not JSON,
// an error body of another shape), on both entries over real HTTP: the portable one over fetch and
// the Node one over undici. `warn` returns and throws exactly what `off` does; `strict` throws a
// ResponseValidationError; the report aggregates per operation, status and pointer, names the
// discrepancy records that explain a drift, holds no value of an answer, and fits its own schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReportAjv, loadReportSchema } from "../../scripts/lib/drift-outputs.mjs";
import { loadSpec } from "../../scripts/lib/spec.mjs";
import { createPlatformClient as createPortableClient, type DriftReport, type PlatformClient } from "../../src/index.js";
import { createPlatformClient as createNodeClient } from "../../src/node.js";
import { APIError, ConfigurationError, isTransientError, PlatformError, ResponseValidationError } from "../../src/kernel/errors.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { exampleRecord, specVersionOf } from "../support/spec-members.js";

const API_KEY = "drift-test-key-1a2b3c";
// Planted in drifting fields of the answers: no report, log line or error may ever hold it.
const SECRET = "sk-planted-drift-secret-7f3a9e";
const ID = "cn-00000000-0000-4000-8000-000000000001";
const MISSING = "cn-00000000-0000-4000-8000-00000000dead";
const GOOD = "cn-00000000-0000-4000-8000-000000000002";
const JOB = "ds-2b3c4d5e";

const spec = loadSpec();
const conforming = exampleRecord(spec, "Connection");

// The fake service: one drifting answer per route, and one conforming answer.
const ANSWERS: Record<string, { status: number; type?: string; body: unknown }> = {
  [`GET /api/public/connections/${ID}`]: {
    status: 200,
    body: {
      connectionId: 12345, // type
      connectionName: "Support assistant",
      provider: SECRET, // enum
      status: "ACTIVE",
      fields: { API_KEY: { nested: SECRET } }, // type (a map entry)
      createdOn: SECRET, // format
      // modifiedOn: required, missing
    },
  },
  [`GET /api/public/connections/${GOOD}`]: { status: 200, body: conforming },
  [`GET /api/public/connections/${MISSING}`]: { status: 404, body: { errors: `no connection ${SECRET}` } }, // type of the error body
  "GET /api/public/connections": {
    status: 200,
    body: {
      connections: [
        { ...conforming, fields: undefined, status: "PENDING" }, // enum, a value the discrepancy custom-connection-status is about
        { ...conforming, fields: undefined, status: SECRET },
      ],
      total: -1, // constraint (minimum 0)
    },
  },
  [`GET /api/public/dock-status/${JOB}`]: { status: 200, body: { jobType: "MODELS", action: "DEPLOY", status: "SUCCESS" } }, // no id under any spelling
  "POST /api/public/guardrails/deploy": { status: 200, type: "text/html", body: `<html>${SECRET}</html>` }, // not JSON
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
  server.handler = (req, res) => {
    req.resume();
    req.on("end", () => {
      const answer = ANSWERS[`${req.method} ${(req.url ?? "").split("?")[0]}`];
      if (!answer) return void res.writeHead(599).end();
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { "content-type": answer.type ?? "application/json" }).end(text);
    });
  };
});
afterAll(() => server.close());

const ajv = createReportAjv();
const validateReport = ajv.compile(loadReportSchema());

type Mode = "off" | "warn" | "strict";
type Factory = (mode: Mode, lines: string[]) => PlatformClient;

const logger = (lines: string[]) => ({ warn: (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields)}`) });
const ENTRIES: Array<[string, Factory]> = [
  ["portable entry over fetch", (mode, lines) => createPortableClient({ baseUrl: server.url, apiKey: API_KEY, maxRetries: 0, validateResponses: mode, logger: logger(lines) })],
  [
    "Node entry over undici",
    (mode, lines) =>
      createNodeClient({ baseUrl: server.url, apiKey: API_KEY, maxRetries: 0, validateResponses: mode, logger: logger(lines), keepAliveTimeoutMs: 1000 }),
  ],
];

// Every call the fake service answers, each as the wrappers make it.
const CALLS: Array<[string, (client: PlatformClient) => Promise<unknown>]> = [
  ["connections.get (drifting 200)", (c) => c.connections.get(ID)],
  ["connections.get (conforming 200)", (c) => c.connections.get(GOOD)],
  ["connections.get (drifting 404)", (c) => c.connections.get(MISSING)],
  ["connections.list", (c) => c.connections.list()],
  ["jobs.get", (c) => c.jobs.get(JOB)],
  ["guardrails.deploy (not JSON)", (c) => c.guardrails.deploy("Toxicity")],
];

/** What a call came to: its result, or its error as a caller can see it. */
async function outcome(call: () => Promise<unknown>) {
  try {
    return { result: await call() };
  } catch (error) {
    const e = error as PlatformError;
    return { error: { class: e.constructor, name: e.name, message: e.message, json: e.toJSON() } };
  }
}

const entryOf = (report: DriftReport, operationId: string, pointer: string) =>
  report.drifts.find((d) => d.operationId === operationId && d.pointer === pointer);

describe.each(ENTRIES)("validateResponses on the %s", (_, make) => {
  it("warn: every call returns and throws exactly what it does with validation off", async () => {
    const off = make("off", []);
    const warn = make("warn", []);
    for (const [name, call] of CALLS) {
      const expected = await outcome(() => call(off));
      const actual = await outcome(() => call(warn));
      expect(actual, name).toEqual(expected);
    }
    expect(off.drift.report().drifts).toEqual([]);
    expect(warn.drift.report().drifts.length).toBeGreaterThan(0);
  });

  it("warn: records each kind per operation, status and pointer, counted, with types and never a value", async () => {
    const lines: string[] = [];
    const client = make("warn", lines);
    // warn never turns an answer into a failure: only what fails with off too rejects (the 404, the
    // job with no id, the answer that is not JSON).
    const failed: string[] = [];
    for (const [name, call] of CALLS) await call(client).catch(() => failed.push(name));
    expect(failed).toEqual(["connections.get (drifting 404)", "jobs.get", "guardrails.deploy (not JSON)"]);
    await client.connections.get(ID);
    const report = client.drift.report();

    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    const get = (pointer: string) => entryOf(report, "getConnection", pointer);
    expect(get("/connectionId")).toMatchObject({
      direction: "response",
      status: 200,
      location: "body",
      kind: "type",
      expected: "string",
      received: ["integer"],
      count: 2,
      specVersion: specVersionOf(spec),
      recordedBy: ["client"],
    });
    expect(get("/provider")).toMatchObject({ kind: "enum", expected: "one of API, PROVIDER_ONE, PROVIDER_TWO, PROVIDER_THREE", received: ["string"] });
    expect(get("/createdOn")).toMatchObject({ kind: "format", expected: "format date-time", received: ["string"] });
    expect(get("/modifiedOn")).toMatchObject({ kind: "required", received: ["absent"] });
    expect(get("/fields/API_KEY")).toMatchObject({ kind: "type", received: ["object"] });
    expect(get("/connectionId")!.specLocation).toBe("#/paths/~1api~1public~1connections~1{connectionId}/get/responses/200");
    expect(Date.parse(get("/connectionId")!.lastSeen)).toBeGreaterThanOrEqual(Date.parse(get("/connectionId")!.firstSeen));

    // Array items are one pointer; a value a discrepancy record is about carries its id.
    const listed = entryOf(report, "listConnections", "/connections/*/status");
    expect(listed).toMatchObject({ kind: "enum", count: 1, discrepancies: ["custom-connection-status"] });
    expect(entryOf(report, "listConnections", "/total")).toMatchObject({ kind: "constraint", keyword: "minimum", expected: ">= 0", received: ["integer"] });
    // An id under none of its spellings: one missing property, its spellings named.
    expect(entryOf(report, "getDockStatus", "/_id")).toMatchObject({ kind: "required", expected: "one of the properties _id, dockStatusId, dock-statusId", discrepancies: ["dock-status-from-public-reference"] });
    // An error answer is checked against the error schema of its status.
    expect(report.drifts.find((d) => d.operationId === "getConnection" && d.status === 404)).toMatchObject({
      pointer: "/errors",
      kind: "type",
      expected: "array",
      discrepancies: ["error-body-envelope"],
    });
    expect(entryOf(report, "deployGuardrail", "")).toMatchObject({ status: 200, kind: "not-json", received: ["text"] });
    // The conforming answer left nothing.
    expect(report.drifts.every((d) => d.status !== undefined)).toBe(true);

    // Each drift logged once, when first seen; nothing of the answers' values anywhere.
    expect(lines.filter((l) => l.includes("getConnection 200 /connectionId"))).toHaveLength(1);
    expect(lines.length).toBe(report.drifts.length);
    for (const text of [JSON.stringify(report), ...lines]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("7f3a9e");
      expect(text).not.toContain("PENDING");
      expect(text).not.toContain("Support assistant");
    }
  });

  it("strict: a drifting answer throws ResponseValidationError (no value in it); a conforming one returns", async () => {
    const client = make("strict", []);
    await expect(client.connections.get(GOOD)).resolves.toMatchObject({ connectionId: conforming.connectionId });
    for (const [name, call] of CALLS.filter(([name]) => !name.includes("conforming"))) {
      const error = await call(client).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(ResponseValidationError);
      expect(error).toBeInstanceOf(PlatformError);
      const text = `${(error as Error).message} ${JSON.stringify(error)}`;
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("7f3a9e");
    }
    const error = (await client.connections.get(ID).catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toMatchObject({ operationId: "getConnection", status: 200 });
    expect(error.departures).toContainEqual({ pointer: "/connectionId", kind: "type", expected: "string", received: ["integer"], discrepancies: [] });
    expect(error.message).toMatch(/^getConnection answered 200 with a body that departs from the spec: \/connectionId type/);
    // strict records too.
    expect(entryOf(client.drift.report(), "getConnection", "/connectionId")).toMatchObject({ count: 2 });
  });

  it.each([
    [502, "text/html", "<html>bad gateway</html>", "not-json"],
    [429, "application/json", JSON.stringify({ errors: "slow down" }), "type"],
  ] as const)("strict: a %i that breaks the spec stays an APIError, so retries and waiters still treat it as passing", async (status, type, body, kind) => {
    const previous = server.handler;
    server.handler = (req, res) => {
      req.resume();
      req.on("end", () => void res.writeHead(status, { "content-type": type }).end(body));
    };
    try {
      const client = make("strict", []);
      const error = await client.connections.get(GOOD).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status });
      expect(isTransientError(error)).toBe(true);
      expect(client.drift.report().drifts).toContainEqual(expect.objectContaining({ operationId: "getConnection", status, kind }));
    } finally {
      server.handler = previous;
    }
  });

  it("client.drift.clear() starts the report again", async () => {
    const client = make("warn", []);
    await client.connections.get(ID);
    expect(client.drift.report().drifts.length).toBeGreaterThan(0);
    client.drift.clear();
    expect(client.drift.report()).toMatchObject({ omitted: 0, drifts: [] });
  });
});

describe("the validateResponses option", () => {
  it("is off unless set, and refuses anything but off, warn and strict, naming the option", async () => {
    const client = createPortableClient({ baseUrl: server.url, apiKey: API_KEY });
    await client.connections.get(ID);
    expect(client.drift.report().drifts).toEqual([]);
    for (const bad of ["on", true, "WARN"]) {
      const attempt = () => createPortableClient({ baseUrl: server.url, apiKey: API_KEY, validateResponses: bad as "warn" });
      expect(attempt).toThrow(ConfigurationError);
      expect(attempt).toThrow(/^validateResponses must be one of "off", "warn", "strict"/);
    }
  });

  it("checks the answers of raw calls and of every client apart", async () => {
    const one = createPortableClient({ baseUrl: server.url, apiKey: API_KEY, validateResponses: "warn" });
    const other = createPortableClient({ baseUrl: server.url, apiKey: API_KEY, validateResponses: "warn" });
    const { data } = await one.raw.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: ID } } });
    expect(data).toMatchObject({ connectionId: 12345 });
    expect(entryOf(one.drift.report(), "getConnection", "/connectionId")).toMatchObject({ count: 1 });
    expect(other.drift.report().drifts).toEqual([]);
  });
});
