// Whether an answer another tool built (a mock's body) is one the spec allows: the operation's
// response schema for that status, compiled from openapi/platform.yaml itself.
import { responseSchemas } from "../../../scripts/lib/response-validators.mjs";
import { SPEC_ID, createSpecAjv } from "../../../scripts/lib/spec.mjs";
import type { Json } from "../../support/json.js";

type Spec = Record<string, Json>;

/** `(operationId, status, body)` to a list of the spec's complaints, empty when it allows the answer. */
export function answerCheck(spec: Spec): (operationId: string, status: number, body: unknown) => string[] {
  const ajv = createSpecAjv(spec);
  const pointers = new Map<string, string>(responseSchemas(spec).map((r: { operationId: string; status: string; pointer: string }) => [`${r.operationId} ${r.status}`, r.pointer]));
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (operationId, status, body) => {
    const pointer = pointers.get(`${operationId} ${status}`) ?? pointers.get(`${operationId} default`);
    if (!pointer) return [`${operationId} has no JSON answer for ${status}`];
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath || "body"} ${e.message}`);
  };
}
