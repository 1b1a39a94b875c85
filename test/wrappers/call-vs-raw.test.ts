// The wrappers' `call` builds each request from the generated operation table; `raw` is
// openapi-fetch over the generated paths. Given the same operation and the same inputs, the
// two must put the same request on the wire: method, URL, credential, content type and body.
import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "../../src/generated/operations.js";
import { createCore } from "../../src/wrappers/core.js";
import { listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { fakeFetch, json, type Sent } from "../support/fake-fetch.js";
import { parseMultipart } from "../support/multipart.js";
import { CREDENTIALS, parametersOf, requestExamples, VALID_PARAMS } from "../support/sample-requests.js";

const spec = loadSpec();
const BASE = "http://127.0.0.1:9";

interface Case {
  operationId: OperationId;
  example: string;
  path: Record<string, string>;
  query: Record<string, unknown> | undefined;
  body: unknown;
  multipart: boolean;
}

// Every request example of the spec, with valid path parameters and every query parameter set.
const cases: Case[] = listOperations(spec).flatMap((op) => {
  const params = parametersOf(spec, op);
  const path = Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, VALID_PARAMS[p.name]!]));
  const queryNames = params.filter((p) => p.in === "query").map((p) => p.name);
  const QUERY_VALUES: Record<string, unknown> = { provider: "PROVIDER_ONE", status: "ACTIVE", limit: 3, flowId: VALID_PARAMS.flowId };
  const query = queryNames.length > 0 ? Object.fromEntries(queryNames.map((name) => [name, QUERY_VALUES[name] ?? VALID_PARAMS[name]])) : undefined;
  const examples = requestExamples(spec, op);
  const operationId = op.operationId as OperationId;
  if (examples.length === 0) return [{ operationId, example: "(no body)", path, query, body: undefined, multipart: false }];
  return examples.map((example) => {
    const multipart = example.mediaType === "multipart/form-data";
    const body = multipart
      ? Object.fromEntries(Object.entries(example.value as Record<string, unknown>).map(([k, v]) => [k, k === "file" ? new File([String(v)], "sample.bin", { type: "application/octet-stream" }) : v]))
      : example.value;
    return { operationId, example: example.name, path, query, body, multipart };
  });
});

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value instanceof Blob ? value : String(value));
  return form;
}

// What the server would read: the body parsed by its media type, the headers that matter.
function onTheWire(sent: Sent, multipart: boolean, header: string) {
  const contentType = sent.headers["content-type"] ?? "";
  let body: unknown = sent.body === "" ? undefined : sent.body;
  if (multipart) {
    const parts = parseMultipart(Buffer.from(sent.body, "latin1"), contentType);
    body = Object.fromEntries([...parts].map(([name, part]) => [name, { text: part.data.toString("latin1"), filename: part.filename }]));
  } else if (body !== undefined) body = JSON.parse(body as string);
  return { method: sent.method, url: sent.url, credential: sent.headers[header], mediaType: contentType.split(";")[0], body };
}

describe("call and raw send the same request", () => {
  it.each(cases.map((c) => [`${c.operationId} ${c.example}`, c] as const))("%s", async (_, c) => {
    const { fetch, sent } = fakeFetch(() => json({}));
    const core = createCore({ baseUrl: BASE, apiKey: CREDENTIALS["x-api-key"], jwt: CREDENTIALS.auth, fetch });
    await core.call(c.operationId, { path: c.path, query: c.query, body: c.body });
    const info = operations[c.operationId];
    const send = (core.raw as unknown as Record<string, (path: string, init: unknown) => Promise<unknown>>)[info.method.toUpperCase()]!;
    await send(info.path, {
      params: { path: c.path, query: c.query },
      body: c.body,
      ...(c.multipart ? { bodySerializer: toFormData } : {}),
    });
    expect(sent).toHaveLength(2);
    const [viaCall, viaRaw] = sent.map((s) => onTheWire(s, c.multipart, info.header));
    expect(viaCall!.credential).toBeTruthy();
    expect(viaCall).toEqual(viaRaw);
  });

  it("covers every operation of the table", () => {
    expect(new Set(cases.map((c) => c.operationId))).toEqual(new Set(Object.keys(operations)));
  });
});
