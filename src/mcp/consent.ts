// Destructive calls (chunk deletion, undeploys, attachment deletion) go ahead only with
// `confirm: true`. Without it the call answers what it would do and sends nothing, so an agent
// (or the person behind it) sees the consequence before asking again.
import { ToolError } from "./results.js";
import type { JsonSchema } from "./schemas.js";

export const CONFIRM_ARGUMENT: JsonSchema = Object.freeze({
  type: "boolean",
  description: "true to go ahead. Without it nothing is sent, and the answer says what the call would do.",
});

/** Throws a ConsentRequired error result naming what would be done, unless `confirm` is true. */
export function requireConsent(confirm: unknown, tool: string, plan: { action: string; [detail: string]: unknown }): void {
  if (confirm === true) return;
  throw new ToolError("ConsentRequired", `${tool} would ${plan.action}; nothing was sent. Call ${tool} again with confirm: true to go ahead.`, { wouldDo: plan });
}
