// Builds each operation's CallInput from the spec alone: valid path and query values, the
// credential its security names, and its own named request examples as bodies.
import { binaryParts, type listOperations } from "../../../scripts/lib/spec.mjs";
import { CREDENTIALS, credentialHeader, parametersOf, requestExamples, VALID_PARAMS } from "../../support/sample-requests.js";
import type { CallInput } from "./call-contract.js";
import type { Json } from "../../support/json.js";

type Spec = Record<string, Json>;
type Operation = ReturnType<typeof listOperations>[number];

/** Names of the parts of a multipart body that carry bytes: they travel as files. */
function binaryFields(spec: Spec, op: Operation, mediaType: string): Set<string> {
  const parts: Array<{ operationId: string; mediaType: string; property: string }> = binaryParts(spec);
  return new Set(parts.filter((part) => part.operationId === op.operationId && part.mediaType === mediaType).map((part) => part.property));
}

function required(name: string): string {
  const value = VALID_PARAMS[name];
  // A parameter the sample values do not know would be sent as "undefined" and blamed on the generator.
  if (value === undefined) throw new Error(`no valid sample value for parameter ${name}: add one to VALID_PARAMS`);
  return value;
}

export function callInput(spec: Spec, op: Operation): CallInput {
  const params = parametersOf(spec, op);
  const path = Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, required(p.name)]));
  const query = Object.fromEntries(params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, required(p.name)]));
  const header = credentialHeader(spec, op);
  const value = CREDENTIALS[header as keyof typeof CREDENTIALS];
  if (value === undefined) throw new Error(`${op.operationId}: no sample credential for header ${header}`);

  const bodies: Record<string, unknown> = {};
  for (const example of requestExamples(spec, op)) {
    if (example.mediaType in bodies) continue; // the first example of each media type
    if (example.mediaType.startsWith("multipart/")) {
      const files = binaryFields(spec, op, example.mediaType);
      bodies[example.mediaType] = Object.fromEntries(
        Object.entries(example.value as Record<string, unknown>).map(([k, v]) => [
          k,
          files.has(k) ? new File([String(v)], "sample.bin", { type: "application/octet-stream" }) : v,
        ]),
      );
    } else {
      bodies[example.mediaType] = example.value;
    }
  }
  return { path, query, credential: { header, value }, bodies };
}
