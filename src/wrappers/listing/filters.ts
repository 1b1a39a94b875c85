// The filter tree of listChunks: a typed builder for TypeScript callers and a runtime check
// for JavaScript callers and hand-written trees. The service answers a malformed tree with an
// undocumented error (or ignores it), so the client refuses it before sending, naming the
// exact node at fault. The rules are the spec's (src/generated/chunk-filter-rules.ts); this walk
// adds only what the spec cannot say: cycles, depth and size.
import { chunkFilterRules } from "../../generated/chunk-filter-rules.js";
import type { components } from "../../generated/platform.js";
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { describeType } from "../../kernel/option-check.js";
import { isRecord } from "../../kernel/records.js";

export type ChunkFilterGroup = components["schemas"]["ChunkFilterGroup"];
export type ChunkFilterLeaf = components["schemas"]["ChunkFilterLeaf"];
export type ChunkFilterNode = components["schemas"]["ChunkFilterNode"];
export type ChunkFilterKey = ChunkFilterLeaf["key"];
export type ChunkFilterOperand = ChunkFilterGroup["operand"];
export type ChunkFilterOp = ChunkFilterLeaf["op"];

/** The chunk fields a condition may compare, as the spec enumerates them. */
export const CHUNK_FILTER_KEYS: readonly ChunkFilterKey[] = Object.freeze([...chunkFilterRules.leaf.fields.key.enum]);

/**
 * Deepest nesting accepted, the top-level group being level 1. The spec sets no limit; this
 * one stops a cyclic or absurdly deep tree before it blows the stack here or at the service.
 */
export const MAX_FILTER_DEPTH = 32;

/**
 * Most nodes walked, counting a node reused in several places once per place (as its JSON
 * would). Guards against a few shared objects that serialize to millions of conditions.
 */
export const MAX_FILTER_NODES = 10_000;

// Past this many issues the rest add noise, not information, and a huge object would
// otherwise yield an unbounded error message.
const MAX_ISSUES = 100;

/** A condition: `key` equals `value`. */
export function eq(key: ChunkFilterKey, value: string): ChunkFilterLeaf {
  const leaf: ChunkFilterLeaf = { key, op: "equals", value };
  throwIfAny(check(leaf, "", "leaf"));
  return leaf;
}

/** A group that matches when every condition matches. */
export function and(...conditions: [ChunkFilterNode, ...ChunkFilterNode[]]): ChunkFilterGroup {
  return group("and", conditions);
}

/** A group that matches when at least one condition matches. */
export function or(...conditions: [ChunkFilterNode, ...ChunkFilterNode[]]): ChunkFilterGroup {
  return group("or", conditions);
}

/**
 * The value for `ListChunksRequest.filters`: the spec wants a group at the top, so a lone
 * condition becomes `and(condition)`. Returns a validated copy, so changing the input
 * afterwards cannot slip an unchecked tree into a request.
 */
export function toFilterTree(node: ChunkFilterNode): ChunkFilterGroup {
  const top: unknown = isRecord(node) && kindOf(node) === "leaf" ? { operand: "and", conditions: [node] } : node;
  validateFilterTree(top);
  return copyGroup(top);
}

/**
 * Throws ValidationError unless `tree` is a valid `filters` value: a group at the top, every
 * group `{operand: "and" | "or", conditions: [at least one node]}`, every leaf
 * `{key: <chunk field>, op: "equals", value: string}`, no other properties. Every issue is
 * reported (up to 100), each with its dotted path from `field`,
 * e.g. `filters.conditions.1.operand`.
 */
export function validateFilterTree(tree: unknown, field = "filters"): asserts tree is ChunkFilterGroup {
  throwIfAny(check(tree, field, "group"));
}

/** Like validateFilterTree, but returns the issues (empty when valid) instead of throwing. */
export function filterTreeIssues(tree: unknown, field = "filters"): ValidationIssue[] {
  return check(tree, field, "group");
}

function group(operand: ChunkFilterOperand, conditions: ChunkFilterNode[]): ChunkFilterGroup {
  const built: ChunkFilterGroup = { operand, conditions };
  // Paths are relative to the group being built: its final place in the tree is not known yet.
  throwIfAny(check(built, "", "group"));
  return built;
}

function throwIfAny(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw new ValidationError(issues);
}

type Kind = "group" | "leaf";

interface Walk {
  issues: ValidationIssue[];
  nodes: number;
  // The groups between the root and the current node: meeting one again is a cycle.
  ancestors: Set<object>;
  stopped: boolean;
}

type FieldRule = { readonly enum: readonly string[] } | { readonly type: "string" } | { readonly nodes: { readonly minItems: number } };
type KindRule = { readonly required: readonly string[]; readonly fields: Readonly<Record<string, FieldRule>> };
const RULES: Record<Kind, KindRule> = chunkFilterRules;

function check(value: unknown, field: string, expected: Kind): ValidationIssue[] {
  const walk: Walk = { issues: [], nodes: 0, ancestors: new Set(), stopped: false };
  visit(walk, value, field, 1, expected);
  return walk.issues;
}

function report(walk: Walk, field: string, rule: string, message: string): void {
  if (walk.issues.length >= MAX_ISSUES) {
    walk.stopped = true;
    return;
  }
  // The builder validates with an empty root path; its messages still need a subject.
  walk.issues.push({ field, rule, message: `${field || "the filter"} ${message}` });
}

function visit(walk: Walk, value: unknown, field: string, depth: number, expected?: Kind): void {
  if (walk.stopped) return;
  if (++walk.nodes > MAX_FILTER_NODES) {
    report(walk, field, "maxNodes", `makes the tree exceed ${MAX_FILTER_NODES} nodes`);
    walk.stopped = true;
    return;
  }
  if (!isRecord(value)) return void report(walk, field, "type", `must be an object, got ${describeType(value)}`);
  if (walk.ancestors.has(value)) return void report(walk, field, "cycle", "contains itself");
  if (depth > MAX_FILTER_DEPTH) return void report(walk, field, "maxDepth", `is nested deeper than ${MAX_FILTER_DEPTH} levels`);
  const kind = kindOf(value);
  if (expected === "group" && kind === "leaf") return void report(walk, field, "group", "must be a group {operand, conditions}; wrap a single condition in and(...)");
  const shape = kind ?? expected;
  if (shape === undefined) return void report(walk, field, "oneOf", "must be a group {operand, conditions} or a condition {key, op, value}");
  const { required, fields } = RULES[shape];
  walk.ancestors.add(value);
  for (const key of Object.keys(value)) {
    if (!walk.stopped && !Object.hasOwn(fields, key)) report(walk, join(field, key), "additionalProperties", "is not allowed here");
  }
  for (const [key, rule] of Object.entries(fields)) {
    if (Object.hasOwn(value, key)) checkField(walk, value[key], join(field, key), rule, depth);
    else if (required.includes(key)) report(walk, join(field, key), "required", "is required");
  }
  walk.ancestors.delete(value);
}

function checkField(walk: Walk, value: unknown, at: string, rule: FieldRule, depth: number): void {
  if ("type" in rule) {
    if (typeof value !== "string") report(walk, at, "type", `must be a string, got ${describeType(value)}`);
  } else if ("nodes" in rule) {
    if (!Array.isArray(value)) report(walk, at, "type", `must be an array, got ${describeType(value)}`);
    else if (value.length < rule.nodes.minItems) report(walk, at, "minItems", `must hold at least ${rule.nodes.minItems === 1 ? "one condition" : `${rule.nodes.minItems} conditions`}`);
    else for (let i = 0; i < value.length && !walk.stopped; i++) visit(walk, value[i], join(at, i), depth + 1);
  } else if (typeof value !== "string" || !rule.enum.includes(value)) {
    // Echoes a bad value so the caller sees the typo, cut short in case it is large.
    const shown = typeof value === "string" ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : describeType(value);
    report(walk, at, "enum", `must be one of ${rule.enum.join(", ")}, got ${shown}`);
  }
}

// Decided by the properties present, so that a group with a typo'd operand is still
// reported as a group (naming the operand) rather than as "neither group nor condition".
function kindOf(node: Record<string, unknown>): Kind | undefined {
  if (Object.hasOwn(node, "operand") || Object.hasOwn(node, "conditions")) return "group";
  if (Object.hasOwn(node, "key") || Object.hasOwn(node, "op") || Object.hasOwn(node, "value")) return "leaf";
  return undefined;
}

// Only called on a validated tree, so the recursion is bounded by MAX_FILTER_DEPTH.
function copyGroup(group: ChunkFilterGroup): ChunkFilterGroup {
  return { operand: group.operand, conditions: group.conditions.map(copyNode) };
}

function copyNode(node: ChunkFilterNode): ChunkFilterNode {
  return "operand" in node ? copyGroup(node) : { key: node.key, op: node.op, value: node.value };
}

function join(field: string, segment: string | number): string {
  return field === "" ? String(segment) : `${field}.${segment}`;
}
