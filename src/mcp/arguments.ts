// A call's arguments, checked before anything is read or sent: names the tool does not take, and
// the server's own arguments (maxWaitSeconds, confirm, paths). Arguments taken from the spec are
// left to the client, whose messages name the spec's field and rule.
import { ValidationError, type ValidationIssue } from "../kernel/errors.js";
import { closestName, describeType } from "../kernel/option-check.js";
import type { JsonSchema } from "./schemas.js";
import type { ToolDefinition } from "./tool.js";

export function checkArguments(tool: ToolDefinition, args: unknown): Record<string, unknown> {
  if (args === undefined) args = {};
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    throw new ValidationError([{ field: "arguments", rule: "type", message: `arguments must be an object (got ${describeType(args)})` }], tool.name);
  }
  const record = args as Record<string, unknown>;
  const names = Object.keys(tool.arguments);
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(record)) {
    if (names.includes(key)) continue;
    const hint = closestName(key, names);
    issues.push({ field: key, rule: "additionalProperties", message: `${key} is not an argument of ${tool.name}${hint ? `; did you mean ${hint}?` : ` (its arguments: ${names.join(", ")})`}` });
  }
  for (const [name, argument] of Object.entries(tool.arguments)) {
    if (argument.from !== "server") continue;
    const value = record[name];
    if (value === undefined || value === null) {
      if (argument.required) issues.push({ field: name, rule: "required", message: `${name} is required` });
      continue;
    }
    issues.push(...valueIssues(name, value, argument.schema));
  }
  if (issues.length > 0) throw new ValidationError(issues, tool.name);
  return record;
}

// The few keywords the server's own arguments use; their schemas are written in this folder.
function valueIssues(field: string, value: unknown, schema: JsonSchema): ValidationIssue[] {
  const must = (rule: string, text: string): ValidationIssue[] => [{ field, rule, message: `${field} must ${text}` }];
  const type = schema.type;
  if (type === "boolean" && typeof value !== "boolean") return must("type", `be true or false (got ${describeType(value)})`);
  if (type === "string") {
    if (typeof value !== "string") return must("type", `be a string (got ${describeType(value)})`);
    if (typeof schema.minLength === "number" && value.length < schema.minLength) return must("minLength", "not be empty");
  }
  if (type === "integer" || type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return must("type", `be a number (got ${describeType(value)})`);
    if (type === "integer" && !Number.isInteger(value)) return must("type", `be a whole number (got ${value})`);
    if (typeof schema.minimum === "number" && value < schema.minimum) return must("minimum", `be >= ${schema.minimum} (got ${value})`);
    if (typeof schema.maximum === "number" && value > schema.maximum) return must("maximum", `be <= ${schema.maximum} (got ${value})`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return must("enum", `be one of: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  return [];
}
