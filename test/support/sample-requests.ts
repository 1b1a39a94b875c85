// Builds a request for any operation of the spec from the spec itself: its first named
// request example as the body, a valid value for each path and required query parameter,
// and the credential header its security scheme names. Used to drive the Prism mock.
import { isRecord, memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord } from "../../scripts/lib/json-types.js";
import { derefRecord, type listOperations, operationNodes } from "../../scripts/lib/spec.mjs";

export type Operation = ReturnType<typeof listOperations>[number];

// A value that satisfies each parameter's schema (id patterns included).
export const VALID_PARAMS: Record<string, string> = {
  connectionId: "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10",
  botId: "st-0a1b2c3d",
  chunkId: "chk-5f2a9c3e",
  sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c",
  modelId: "cm-4e5f6a7b",
  toolId: "a-5e6f7a8b",
  dockStatusId: "ds-2b3c4d5e",
  appId: "st-0a1b2c3d",
  envName: "dev",
  fileId: "f-1e2f3a4b",
  modelType: "openSource",
  flowId: "flow-1",
};

export const CREDENTIALS = { "x-api-key": "test-api-key", auth: "test.jwt.value" } as const;

/** The operation's path item, operation object, parameters and request body, $refs followed. */
function nodesOf(spec: JsonRecord, op: Operation) {
  const found = operationNodes(spec).find((nodes) => nodes.op.operationId === op.operationId);
  if (!found) throw new Error(`${op.operationId} is no operation of the spec`);
  return found;
}

export function parametersOf(spec: JsonRecord, op: Operation): Array<{ name: string; in: string; required?: boolean }> {
  return nodesOf(spec, op).parameters.map((p) => {
    if (typeof p.name !== "string" || typeof p.in !== "string") throw new Error(`${op.operationId}: a parameter without a name or an in`);
    return { name: p.name, in: p.in, required: p.required === true };
  });
}

export function credentialHeader(spec: JsonRecord, op: Operation): string {
  const [scheme = ""] = op.security;
  const name = memberAt(spec, "components", "securitySchemes", scheme, "name");
  if (typeof name !== "string") throw new Error(`${op.operationId}: security scheme ${scheme} names no header`);
  return name;
}

export function requestExamples(spec: JsonRecord, op: Operation): Array<{ name: string; mediaType: string; value: JsonRecord }> {
  const { body } = nodesOf(spec, op);
  return Object.entries(recordOf(body?.content)).flatMap(([mediaType, media]) =>
    Object.entries(recordOf(memberAt(media, "examples"))).map(([name, ex]) => {
      const { value } = derefRecord(spec, ex);
      if (!isRecord(value)) throw new Error(`${op.operationId}: request example ${name} (${mediaType}) is not an object`);
      return { name, mediaType, value };
    }),
  );
}

export function toBody(mediaType: string, value: JsonRecord): { body: BodyInit; headers: Record<string, string> } {
  if (mediaType === "application/json") return { body: JSON.stringify(value), headers: { "content-type": "application/json" } };
  const form = new FormData();
  for (const [key, v] of Object.entries(value)) {
    if (key === "file") form.append(key, new Blob([String(v)], { type: "application/octet-stream" }), "sample.bin");
    else form.append(key, String(v));
  }
  return { body: form, headers: {} };
}

/** A request that the spec says is valid, for the operation's first (or a named) example. */
export function sampleRequest(spec: JsonRecord, op: Operation, baseUrl: string, exampleName?: string): { url: string; init: RequestInit } {
  const params = parametersOf(spec, op);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(VALID_PARAMS[name]!));
  const query = new URLSearchParams(
    params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, VALID_PARAMS[p.name]!]),
  ).toString();
  const headers: Record<string, string> = { [credentialHeader(spec, op)]: CREDENTIALS[credentialHeader(spec, op) as keyof typeof CREDENTIALS] };
  const examples = requestExamples(spec, op);
  const example = exampleName ? examples.find((e) => e.name === exampleName) : examples[0];
  let body: BodyInit | undefined;
  if (example) {
    const built = toBody(example.mediaType, example.value);
    body = built.body;
    Object.assign(headers, built.headers);
  }
  return { url: `${baseUrl}${path}${query ? `?${query}` : ""}`, init: { method: op.method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) } };
}
