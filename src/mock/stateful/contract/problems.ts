// Every error body the mock sends. Two kinds, kept apart so a test can tell who is at fault:
//
// - contract problems (422, 401, 404 for a path the spec lacks, 405, 413, 415, and a 500 when the
//   mock itself built an answer that breaks the spec): what Prism would refuse, said precisely.
//   Each names the failing location, field and rule, and `fault` says whether the request or the
//   mock is to blame. The body also fits the spec's ErrorBody, so a client reads `message` and
//   `errors[0].msg` from it like any other error.
// - service errors (unknown model, guardrail already deployed, ...): what the platform would
//   answer, in the spec's ErrorBody shapes: the `errors` envelope for the x-api-key operations and
//   `{message}` for the chunk operations, as the document and the reference show them.
import { operations, type OperationId } from "../../../generated/operations.js";

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string> | undefined;
}

export interface Violation {
  /** Where the value sits: path, query, header, body or response. */
  in: "path" | "query" | "header" | "body" | "response";
  /** JSON pointer of the value inside its location ("" for the whole of it). */
  field: string;
  /** The JSON Schema keyword or mock rule that failed, e.g. "maximum", "required", "credential". */
  rule: string;
  message: string;
}

export const PROBLEM_TYPE = "application/problem+json";

/** A contract problem: which side is at fault, and every violation, field by field. */
export function problem(status: number, fault: "request" | "mock", title: string, violations: Violation[]): Answer {
  const summary = violations.map((v) => `${v.in}${v.field ? ` ${v.field}` : ""}: ${v.message} (${v.rule})`).join("; ");
  return {
    status,
    headers: { "content-type": PROBLEM_TYPE },
    body: {
      title,
      status,
      fault,
      detail: fault === "request" ? `The request breaks the spec: ${summary}` : `The mock built an answer that breaks the spec (a bug in the mock or the spec, not in your request): ${summary}`,
      message: `${title}: ${summary}`,
      errors: violations.map((v) => ({ msg: v.message, code: status, in: v.in, field: v.field, rule: v.rule })),
    },
  };
}

/** A service error in the body shape of the operation's credential family. */
export function serviceError(operationId: OperationId, status: number, message: string, code: number = status): Answer {
  const body = operations[operationId].header === "auth" ? { message } : { errors: [{ msg: message, code }] };
  return { status, body };
}

/** The 401 of the operation's family: the reference's 4002 envelope, or the chunk table's message. */
export function unauthorized(operationId: OperationId, header: string, reason: string): Answer {
  const credentialMessage = operations[operationId].header === "auth" ? "Unauthorized" : "Invalid API key";
  const answer = serviceError(operationId, 401, credentialMessage, 4002);
  return { ...answer, body: { ...(answer.body as object), fault: "request", detail: `${reason} (header ${header})` } };
}
