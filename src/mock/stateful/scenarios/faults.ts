// Faults on demand: a rule picks requests of one operation (or of all) at a seeded rate or by
// their number, and answers them with a 500, a 503, a 429 with Retry-After, a reset connection or
// a body dripped slowly. A rule applies before the request is handled (nothing happened: a retry
// is harmless) unless `after` is set: then the request takes effect and only its answer is lost,
// the case where a client cannot know whether its request went through.
import { operations, type OperationId } from "../../../generated/operations.js";
import { ValidationError, type ValidationIssue } from "../../../kernel/errors.js";
import { describeType, optionKeys, unknownKeyIssues } from "../../../kernel/option-check.js";
import { isRecord } from "../../../kernel/records.js";
import { seededRandom } from "../random.js";

export type FaultKind = "500" | "503" | "429" | "reset" | "slow";

export interface FaultRule {
  /** The operationId the rule applies to; "*" (the default) for every operation. */
  operation?: OperationId | "*" | undefined;
  kind: FaultKind;
  /** Chance in [0, 1] that a matching request gets the fault (drawn from the seeded PRNG). */
  rate?: number | undefined;
  /** The matching requests (1 for the first after the rule was added) that get the fault. */
  nth?: number | number[] | undefined;
  /** At most this many faults from this rule; unlimited when left out. */
  times?: number | undefined;
  /** Seconds in the Retry-After header of a 429 (default 1). */
  retryAfterSeconds?: number | undefined;
  /** How long a "slow" body takes to arrive, in milliseconds (default 2000, at most one hour). */
  slowMs?: number | undefined;
  /** Handle the request first, then lose its answer (default false: fail before handling it). */
  after?: boolean | undefined;
}

export interface Fault {
  rule: FaultRule;
  ruleId: string;
}

const MAX_SLOW_MS = 60 * 60 * 1000;

const KINDS: readonly FaultKind[] = ["500", "503", "429", "reset", "slow"];

const RULE_KEYS = optionKeys<FaultRule>({
  operation: true,
  kind: true,
  rate: true,
  nth: true,
  times: true,
  retryAfterSeconds: true,
  slowMs: true,
  after: true,
});

/**
 * Checks a rule: the rule, or a ValidationError naming every issue, each its field and rule (the
 * one convention for a bad option, the client's own). `where` names the rule in the fields.
 */
export function validateFaultRule(rule: unknown, where = "fault"): FaultRule {
  if (!isRecord(rule)) throw new ValidationError([{ field: where, rule: "type", message: `${where} must be an object (got ${describeType(rule)})` }]);
  const issues: ValidationIssue[] = unknownKeyIssues(rule, RULE_KEYS, where);
  const must = (key: string, check: string, message: string) => issues.push({ field: `${where}.${key}`, rule: check, message: `${where}.${key} ${message}` });
  const kind = KINDS.find((k) => k === rule.kind);
  if (kind === undefined) must("kind", rule.kind === undefined ? "required" : "enum", `must be one of ${KINDS.join(", ")}`);
  const operation = rule.operation;
  if (operation !== undefined && operation !== "*" && !(typeof operation === "string" && operation in operations)) must("operation", "enum", `must be "*" or an operationId of the spec`);
  const { rate, nth, slowMs, after } = rule;
  if (rate === undefined && nth === undefined) issues.push({ field: where, rule: "anyOf", message: `${where} needs rate or nth` });
  if (rate !== undefined && !(typeof rate === "number" && rate >= 0 && rate <= 1)) must("rate", "range", "must be a number from 0 to 1");
  const picked = nth === undefined ? [] : Array.isArray(nth) ? nth : [nth];
  if (!picked.every((n) => Number.isInteger(n) && n >= 1)) must("nth", "minimum", "must be an integer >= 1 or a list of them");
  for (const key of ["times", "retryAfterSeconds", "slowMs"]) {
    const value = rule[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) must(key, "minimum", "must be an integer >= 0");
  }
  // Past Node's longest timer the drip would fire at once, not slowly.
  if (typeof slowMs === "number" && slowMs > MAX_SLOW_MS) must("slowMs", "maximum", `must be at most ${MAX_SLOW_MS} (one hour)`);
  if (after !== undefined && typeof after !== "boolean") must("after", "type", "must be a boolean");
  if (issues.length > 0) throw new ValidationError(issues);
  return rule as unknown as FaultRule;
}

interface ActiveRule {
  id: string;
  rule: FaultRule;
  nth: Set<number>;
  random: () => number;
  seen: number;
  fired: number;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];
  private added = 0;

  constructor(private readonly seed: number) {}

  add(rule: FaultRule): string {
    const id = `fault-${++this.added}`;
    const nth = rule.nth === undefined ? [] : Array.isArray(rule.nth) ? rule.nth : [rule.nth];
    // Each rule draws from its own stream, so adding a rule never shifts another's schedule.
    this.rules.push({ id, rule, nth: new Set(nth), random: seededRandom(this.seed + this.added * 0x9e3779b9), seen: 0, fired: 0 });
    return id;
  }

  /** The fault for this request, if a rule picks it; counts the request for every rule it matches. */
  decide(operationId: OperationId): Fault | undefined {
    let picked: Fault | undefined;
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.operation !== undefined && rule.operation !== "*" && rule.operation !== operationId) continue;
      active.seen++;
      const draw = rule.rate !== undefined ? active.random() < rule.rate : false;
      if (picked || (rule.times !== undefined && active.fired >= rule.times)) continue;
      if (active.nth.has(active.seen) || draw) {
        active.fired++;
        picked = { rule, ruleId: active.id };
      }
    }
    return picked;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): Array<{ id: string; rule: FaultRule; seen: number; fired: number }> {
    return this.rules.map(({ id, rule, seen, fired }) => ({ id, rule, seen, fired }));
  }
}
