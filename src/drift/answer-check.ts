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
  if (body.trim() === "") return { documented: found.documented, departures: [notJson("empty")] };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { documented: found.documented, departures: [notJson("text")] };
  }
  return checkWith(found, value);
}

/** The same check of an answer already parsed (the stateful mock's own answers). */
export function checkAnswerValue(operationId: string, status: number, value: unknown): AnswerCheck | undefined {
  const found = validatorOf(operationId, status);
  return found && checkWith(found, value);
}

type Found = { validate: NonNullable<(typeof responseValidators)[string]>; documented: string };

function validatorOf(operationId: string, status: number): Found | undefined {
  const own = responseValidators[`${operationId}_${status}`];
  const validate = own ?? responseValidators[`${operationId}_default`];
  return validate ? { validate, documented: own ? String(status) : "default" } : undefined;
}

function checkWith({ validate, documented }: Found, value: unknown): AnswerCheck {
  return { documented, departures: validate(value) ? [] : departuresOf(validate.errors ?? [], value) };
}

const notJson = (received: "empty" | "text"): Departure => ({ pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: [received] });
