// What a fault does to a request's exchange: a reset tears the connection down with no answer
// (a network error, as Response.error() is to a fetch); a 500, 503 or 429 (with Retry-After)
// answers in the operation's own error body shape.
import type { OperationId } from "../../../generated/operations.js";
import { serviceError, type Answer } from "../contract/problems.js";
import { drain } from "../http/read-body.js";
import type { Fault } from "./faults.js";
import type { IncomingRequest } from "../http/incoming.js";

const RETRY_AFTER_DEFAULT_S = 1;

/** The answer a fault gives, or "reset": no answer at all, the connection torn down. */
export async function applyFault(fault: Fault, operationId: OperationId, request: IncomingRequest): Promise<Answer | "reset"> {
  const { kind } = fault.rule;
  if (kind === "reset") return "reset";
  await drain(request);
  if (kind === "429") {
    const seconds = fault.rule.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_S;
    const answer = serviceError(operationId, 429, "Too many requests");
    return { ...answer, headers: { "retry-after": String(seconds) } };
  }
  return serviceError(operationId, Number(kind), kind === "503" ? "Service unavailable" : "Internal server error");
}
