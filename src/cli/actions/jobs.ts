// The work of `platform jobs` (../commands/jobs.ts), loaded when one of its commands runs.
import type { Context } from "../context.js";
import type { JobFlags } from "../job-options.js";
import { printResult, printable } from "../output/print.js";
import { settleJob } from "../settle-job.js";

export async function get(context: Context, id: string): Promise<void> {
  await printResult(context.out, printable(await context.client.jobs.get(id, { signal: context.signal })));
}

export async function wait(context: Context, options: JobFlags, id: string): Promise<void> {
  const job = await context.client.jobs.get(id, { signal: context.signal });
  await printResult(context.out, printable(await settleJob(context, { ...options, wait: true }, job)));
}
