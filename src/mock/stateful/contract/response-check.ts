// Every answer the mock builds is checked against the spec's response schema for its status
// (or the operation's `default`) before it leaves, with the validators generated from the spec.
// An answer that breaks the spec becomes a 500 that says the mock, not the request, is at fault,
// and goes into the mock's drift report as an answer of its own that departed.
import { checkAnswerValue } from "../../../drift/answer-check.js";
import type { DriftRecorder } from "../../../drift/recorder.js";
import type { OperationId } from "../../../generated/operations.js";
import { responseValidators } from "../../../generated/response-validators.js";
import { problem, type Answer, type Violation } from "./problems.js";

type ResponseValidator = (typeof responseValidators)[string];

// Looked up once per operation and status: the table is large and its keys are built.
const VALIDATORS = new Map<OperationId, Map<number, ResponseValidator | undefined>>();
function validatorOf(operationId: OperationId, status: number): ResponseValidator | undefined {
  let byStatus = VALIDATORS.get(operationId);
  if (!byStatus) {
    byStatus = new Map();
    VALIDATORS.set(operationId, byStatus);
  }
  if (!byStatus.has(status)) byStatus.set(status, responseValidators[`${operationId}_${status}`] ?? responseValidators[`${operationId}_default`]);
  return byStatus.get(status);
}

/** The violations of `body` as the answer `status` of `operationId`, or [] when it conforms. */
export function responseViolations(operationId: OperationId, status: number, body: unknown): Violation[] {
  const validate = validatorOf(operationId, status);
  if (!validate) return [{ in: "response", field: "", rule: "status", message: `${operationId} documents no answer with status ${status}` }];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((issue) => ({ in: "response" as const, field: issue.instancePath, rule: issue.keyword, message: issue.message ?? issue.keyword }));
}

/** The answer itself when it conforms, else the mock's own 500 naming each violation (recorded in `drift` when given). */
export function checkedAnswer(operationId: OperationId, answer: Answer, drift?: DriftRecorder): Answer {
  const violations = responseViolations(operationId, answer.status, answer.body);
  if (violations.length === 0) return answer;
  const checked = drift && checkAnswerValue(operationId, answer.status, answer.body);
  if (checked) drift.record({ direction: "response", operationId, status: answer.status, documented: checked.documented }, checked.departures);
  return problem(500, "mock", "Answer breaks the spec", violations);
}
