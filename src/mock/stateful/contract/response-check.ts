// Every answer the mock builds is checked against the spec's response schema for its status
// (or the operation's `default`) before it leaves, with the validators generated from the spec.
// An answer that breaks the spec becomes a 500 that says the mock, not the request, is at fault.
import type { OperationId } from "../../../generated/operations.js";
import { responseValidators } from "../../../generated/response-validators.js";
import { problem, type Answer, type Violation } from "./problems.js";

/** The violations of `body` as the answer `status` of `operationId`, or [] when it conforms. */
export function responseViolations(operationId: OperationId, status: number, body: unknown): Violation[] {
  const validate = responseValidators[`${operationId}_${status}`] ?? responseValidators[`${operationId}_default`];
  if (!validate) return [{ in: "response", field: "", rule: "status", message: `${operationId} documents no answer with status ${status}` }];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((issue) => ({ in: "response" as const, field: issue.instancePath, rule: issue.keyword, message: issue.message ?? issue.keyword }));
}

/** The answer itself when it conforms, else the mock's own 500 naming each violation. */
export function checkedAnswer(operationId: OperationId, answer: Answer): Answer {
  const violations = responseViolations(operationId, answer.status, answer.body);
  return violations.length === 0 ? answer : problem(500, "mock", "Answer breaks the spec", violations);
}
