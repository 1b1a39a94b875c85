// Prism's violation lists (the validating proxy's refusals) as departures: Prism names the place
// (`location`), the JSON Schema keyword (`code`) and a message, and never the value, so the
// types received are `unknown`. Its messages are Ajv's, which give back what its params held.
import { departuresOf, UNSEEN, type Departure, type SchemaIssue } from "./departures.js";
import { pointerOf } from "../kernel/json-pointer.js";

export interface PrismViolation {
  location?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The parts of a request Prism checks, as its locations name them. */
export type PrismRequestPart = "path" | "query" | "body" | "header";

const PARTS = new Set<PrismRequestPart>(["path", "query", "body", "header"]);

function paramsOf(keyword: string, message: string): Record<string, unknown> {
  switch (keyword) {
    case "required":
      return { missingProperty: /required property '([^']*)'/.exec(message)?.[1] ?? "" };
    case "type":
      return { type: (/must be ([\w,]+)\s*$/.exec(message)?.[1] ?? "the documented type").split(",") };
    case "format":
      return { format: /must match format "([^"]*)"/.exec(message)?.[1] ?? "the documented format" };
    case "enum": {
      // Prism appends the schema's values to Ajv's message; without them the list goes unnamed.
      const listed = /allowed values: (.+)$/.exec(message)?.[1];
      return listed ? { allowedValues: listed.split(", ") } : {};
    }
    default:
      return {};
  }
}

/** The request departures of a Prism violation list, per part; violations of the response are left out. */
export function departuresFromPrism(violations: readonly PrismViolation[]): Array<{ location: PrismRequestPart; departures: Departure[] }> {
  const byPart = new Map<PrismRequestPart, SchemaIssue[]>();
  for (const violation of violations) {
    const location = Array.isArray(violation.location) ? violation.location.map(String) : [];
    const part = location[0] as PrismRequestPart;
    if (!PARTS.has(part) || typeof violation.code !== "string") continue;
    const keyword = violation.code;
    const params = paramsOf(keyword, typeof violation.message === "string" ? violation.message : "");
    byPart.set(part, [...(byPart.get(part) ?? []), { instancePath: pointerOf(location.slice(1)), schemaPath: "", keyword, params }]);
  }
  return [...byPart].map(([location, issues]) => ({ location, departures: departuresOf(issues, UNSEEN) }));
}
