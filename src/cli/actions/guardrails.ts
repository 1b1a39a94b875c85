// The work of `platform guardrails deploy` (../commands/guardrails.ts), loaded when it runs.
import type { Context } from "../context.js";
import type { JobFlags } from "../job-options.js";
import { printJob } from "../settle-job.js";
import type { SpecFieldValue } from "../spec-flags.js";

export async function deploy(context: Context, options: JobFlags, name: SpecFieldValue<"deployGuardrail", "body", "name">): Promise<void> {
  await printJob(context, options, context.client.guardrails.deploy(name, { signal: context.signal }));
}
