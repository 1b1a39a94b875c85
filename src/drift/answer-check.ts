// An answer checked against the spec's response schema for its status (or the operation's
// `default`), with the validators generated from the spec: the one check behind the client's
// `validateResponses`, the validating proxy's drift report and the stateful mock's own answers.
import { responseValidators } from "../generated/response-validators.js";
import { departuresOf, type Departure } from "./departures.js";

export interface AnswerCheck {
  /** The spec's key of the response the answer was checked against: its status, or `default`. */
  documented: string;
  departures: Departure[];
}

/**
 * The departures of an answer with status `status` and body text `body` (null: the status has no
 * body, which nothing checks). Undefined when the operation documents no answer for the status.
 * A body the spec documents as JSON that is empty or not JSON is a `not-json` departure.
 */
export function checkAnswer(operationId: string, status: number, body: string | null): AnswerCheck | undefined {
  const found = body === null ? undefined : validatorOf(operationId, status);
  if (!found || body === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    // Only a body that is not JSON is looked at again: an empty one (or only white space) is told apart.
    return { documented: found.documented, departures: [notJson(body.trim() === "" ? "empty" : "text")] };
  }
  return checkWith(found, value);
}

/** The same check of an answer already parsed (the stateful mock's own answers). */
export function checkAnswerValue(operationId: string, status: number, value: unknown): AnswerCheck | undefined {
  const found = validatorOf(operationId, status);
  return found && checkWith(found, value);
}

type Found = { validate: NonNullable<(typeof responseValidators)[string]>; documented: string };

// Each (operation, status) is looked up once: the validators' table is keyed by a name built of
// both, and building and hashing that name again for every answer is some 0.1 µs of a check
// that takes about one.
const found = new Map<string, Map<number, Found | undefined>>();

function validatorOf(operationId: string, status: number): Found | undefined {
  let byStatus = found.get(operationId);
  if (!byStatus) {
    byStatus = new Map();
    found.set(operationId, byStatus);
  }
  if (byStatus.has(status)) return byStatus.get(status);
  const own = responseValidators[`${operationId}_${status}`];
  const validate = own ?? responseValidators[`${operationId}_default`];
  const result = validate ? { validate, documented: own ? String(status) : "default" } : undefined;
  byStatus.set(status, result);
  return result;
}

function checkWith({ validate, documented }: Found, value: unknown): AnswerCheck {
  return { documented, departures: validate(value) ? [] : departuresOf(validate.errors ?? [], value) };
}

const notJson = (received: "empty" | "text"): Departure => ({ pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: [received] });
