// From a validator's complaints about one message to its departures from the spec: where (a JSON
// pointer, array indices as `*`), what kind, what the spec asks for and the JSON type of what came.
// Only the spec's own words and the message's names and types go in: never a value, so a secret
// in a drifting field cannot reach a report, a log line or an error.
import { escapeSegment, pointerOf, segmentsOf } from "../kernel/json-pointer.js";
import type { DriftKind, ReceivedType } from "./report-format.js";

/** One complaint of an Ajv-style validator (the generated request and response validators). */
export interface SchemaIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface Departure {
  pointer: string;
  kind: DriftKind;
  keyword: string;
  expected: string;
  received: ReceivedType[];
  /** For a missing property that may be spelled several ways: every accepted spelling. */
  alternatives?: string[];
}

/** Stands for the message when only the complaints are known (Prism's violation lists). */
export const UNSEEN: unique symbol = Symbol("unseen message");

// A name from the message is kept (names are what a report is made of) but never at any length.
const MAX_NAME = 64;
// A message that breaks the spec everywhere still makes a bounded list.
const MAX_DEPARTURES = 100;
// Enum lists come from the spec; a long one is cut, not copied whole into every entry.
const MAX_LISTED = 12;

interface Item {
  /** The complaint's instancePath, for grouping the branches of an anyOf or oneOf. */
  at: string;
  schemaPath: string;
  departure: Departure;
  /** The types a type complaint asks for, to merge the branches of an anyOf of types. */
  types?: string[];
  /** The property a required complaint misses. */
  missing?: string;
}

const clip = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name);

/** The JSON type of a value: what a report says instead of the value. */
export function jsonType(value: unknown): ReceivedType {
  if (value === UNSEEN) return "unknown";
  if (value === undefined) return "absent";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "object") return "object";
  return "unknown";
}

/**
 * The pointer of the value at `instancePath` with array indices as `*`, and the value itself.
 * Without the message (UNSEEN), a segment of digits is taken for an index and the value is UNSEEN.
 */
function locate(root: unknown, instancePath: string): { segments: string[]; value: unknown } {
  if (root === UNSEEN) return { segments: segmentsOf(instancePath).map((s) => (/^\d+$/.test(s) ? "*" : clip(s))), value: UNSEEN };
  const segments: string[] = [];
  let node: unknown = root;
  for (const segment of segmentsOf(instancePath)) {
    if (Array.isArray(node)) {
      segments.push("*");
      node = node[Number(segment)];
    } else {
      segments.push(clip(segment));
      node = node !== null && typeof node === "object" && Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return { segments, value: node };
}

const childOf = (value: unknown, name: string) =>
  value === UNSEEN
    ? UNSEEN
    : value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, name)
      ? (value as Record<string, unknown>)[name]
      : undefined;

function listed(values: unknown): string {
  if (!Array.isArray(values)) return "one of the listed values";
  const shown = values.slice(0, MAX_LISTED).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return `one of ${shown.join(", ")}${values.length > MAX_LISTED ? `, … (${values.length} in all)` : ""}`;
}

// The words of a rule, from the schema's side of the complaint only. A keyword not known here is
// named without its params: some keywords' params quote the message (propertyNames does).
function constraintText(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${String(params.comparison)} ${String(params.limit)}`;
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minProperties":
    case "maxProperties":
      return `${keyword} ${String(params.limit)}`;
    case "pattern":
      return `pattern ${String(params.pattern)}`;
    case "multipleOf":
      return `a multiple of ${String(params.multipleOf)}`;
    case "uniqueItems":
      return "unique items";
    default:
      return keyword;
  }
}

const typeList = (type: unknown): string[] => (Array.isArray(type) ? type.map(String) : [String(type)]);

/** One complaint as a departure (anyOf and oneOf are folded with their branches instead). */
function single(issue: SchemaIssue, root: unknown): Item {
  const { segments, value } = locate(root, issue.instancePath);
  const here = pointerOf(segments);
  const item = (departure: Omit<Departure, "keyword">, extra: Partial<Item> = {}): Item => ({
    at: issue.instancePath,
    schemaPath: issue.schemaPath,
    departure: { ...departure, keyword: issue.keyword },
    ...extra,
  });
  const { keyword, params } = issue;
  switch (keyword) {
    case "required":
    case "dependentRequired": {
      const missing = String(params.missingProperty);
      return item({ pointer: `${here}/${escapeSegment(clip(missing))}`, kind: "required", expected: "present", received: ["absent"] }, { missing: clip(missing) });
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const named = params[keyword === "additionalProperties" ? "additionalProperty" : "unevaluatedProperty"];
      // Unnamed (a violation list that leaves the name out): the departure sits on the object.
      if (named === undefined) return item({ pointer: here, kind: "forbidden", expected: "no properties beyond the schema's", received: [jsonType(value)] });
      const name = String(named);
      return item({ pointer: `${here}/${escapeSegment(clip(name))}`, kind: "forbidden", expected: "absent", received: [jsonType(childOf(value, name))] });
    }
    case "false schema":
      return item({ pointer: here, kind: "forbidden", expected: "absent", received: [jsonType(value)] });
    case "not":
      return item({ pointer: here, kind: "forbidden", expected: "a value the schema's `not` does not exclude", received: [jsonType(value)] });
    case "type": {
      const types = typeList(params.type);
      return item({ pointer: here, kind: "type", expected: types.join(" or "), received: [jsonType(value)] }, { types });
    }
    case "enum":
      return item({ pointer: here, kind: "enum", expected: listed(params.allowedValues), received: [jsonType(value)] });
    case "const":
      return item({ pointer: here, kind: "enum", expected: listed([params.allowedValue]), received: [jsonType(value)] });
    case "format":
      return item({ pointer: here, kind: "format", expected: `format ${String(params.format)}`, received: [jsonType(value)] });
    default:
      return item({ pointer: here, kind: "constraint", expected: constraintText(keyword, params), received: [jsonType(value)] });
  }
}

const within = (at: string, base: string) => at === base || at.startsWith(`${base}/`);

/**
 * An anyOf or oneOf with no fitting branch. Its branches' complaints come just before it: those
 * under its own schema path, or (when the branches are references, whose complaints carry their
 * own schema's paths) the run of complaints about the same value. Missing properties that are
 * spellings of one another become one `required`; types that are alternatives one `type`; any
 * other mix is a `no-match` of the value, plus what the branches found wrong deeper inside it.
 */
function fold(items: Item[], issue: SchemaIssue, root: unknown): Item[] {
  const base = issue.instancePath;
  const prefix = `${issue.schemaPath}/`;
  let taken = items.map((item, i) => (item.schemaPath.startsWith(prefix) && within(item.at, base) ? i : -1)).filter((i) => i >= 0);
  if (taken.length === 0) {
    let first = items.length;
    for (let last = items[first - 1]; last !== undefined && within(last.at, base); last = items[first - 1]) first--;
    taken = items.map((_, i) => i).filter((i) => i >= first);
  }
  const chosen = new Set(taken);
  const branches = items.filter((_, i) => chosen.has(i));
  const rest = items.filter((_, i) => !chosen.has(i));
  const { segments, value } = locate(root, base);
  const here = pointerOf(segments);
  const folded = (departure: Departure, extra: Partial<Item> = {}): Item => ({ at: base, schemaPath: issue.schemaPath, departure, ...extra });
  const severalMatch = Array.isArray(issue.params.passingSchemas);

  const missing = branches.flatMap((b) => (b.at === base && b.missing !== undefined ? [{ name: b.missing, departure: b.departure }] : []));
  const [first] = missing;
  if (!severalMatch && first !== undefined && missing.length === branches.length) {
    const names = [...new Set(missing.map((m) => m.name))];
    if (names.length === 1) return [...rest, folded(first.departure, { missing: first.name })];
    return [
      ...rest,
      folded({
        pointer: `${here}/${escapeSegment(first.name)}`,
        kind: "required",
        keyword: "required",
        expected: `one of the properties ${names.join(", ")}`,
        received: ["absent"],
        alternatives: names,
      }),
    ];
  }
  const typed = branches.flatMap((b) => (b.at === base && b.types !== undefined ? [b.types] : []));
  if (!severalMatch && typed.length > 0 && typed.length === branches.length) {
    const types = [...new Set(typed.flat())];
    return [...rest, folded({ pointer: here, kind: "type", keyword: "type", expected: types.join(" or "), received: [jsonType(value)] }, { types })];
  }
  const expected = severalMatch ? `exactly one of the schema's ${issue.keyword} alternatives (several match)` : `one of the schema's ${issue.keyword} alternatives`;
  return [...rest, folded({ pointer: here, kind: "no-match", keyword: issue.keyword, expected, received: [jsonType(value)] }), ...branches.filter((b) => b.at !== base)];
}

/**
 * The departures of `root` from the schema whose validator raised `issues`, sorted by pointer.
 * `root` may be UNSEEN when only the complaints are known: the types received are then `unknown`.
 */
export function departuresOf(issues: readonly SchemaIssue[], root: unknown): Departure[] {
  let items: Item[] = [];
  for (const issue of issues) items = issue.keyword === "anyOf" || issue.keyword === "oneOf" ? fold(items, issue, root) : [...items, single(issue, root)];

  // A value of the wrong type breaks its enum, format and limits too: the type is the departure.
  const mistyped = new Set(items.filter((i) => i.departure.kind === "type").map((i) => i.departure.pointer));
  const kept = items.filter(
    (i) => i.departure.kind === "type" || i.departure.kind === "required" || i.departure.kind === "forbidden" || !mistyped.has(i.departure.pointer),
  );

  // The same departure in many array items is one departure of the message, with every type seen.
  const unique = new Map<string, Departure>();
  for (const { departure } of kept) {
    const key = `${departure.pointer}\u0000${departure.kind}\u0000${departure.keyword}`;
    const seen = unique.get(key);
    if (seen) seen.received = [...new Set([...seen.received, ...departure.received])].sort();
    else unique.set(key, { ...departure, received: [...departure.received] });
  }
  return [...unique.values()].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.kind.localeCompare(b.kind))).slice(0, MAX_DEPARTURES);
}
