// An export's work, the same for models and tools: the job settled as any other and, with --wait
// --download, its file saved where the flag says. The path is checked before the export starts,
// so a bad one costs no job.
import type { Job } from "../index.js";
import type { Context } from "./context.js";
import { UsageError } from "./exit-codes.js";
import type { JobFlags } from "./job-options.js";
import { prepareDownload } from "./local-files/download.js";
import { note, printResult, printable } from "./output/print.js";
import { formatBytes } from "./progress.js";
import { settleJob } from "./settle-job.js";

export type ExportFlags = JobFlags & { download?: string };

/** Starts the export with `start`; once it is done, `download` fetches its file for --download. */
export async function runExport(context: Context, options: ExportFlags, start: () => Promise<Job>, download: (job: Job) => Promise<Response>): Promise<void> {
  if (options.download !== undefined && !options.wait) throw new UsageError("--download needs --wait: the file exists once the export job is done");
  const target = options.download === undefined ? undefined : prepareDownload(options.download);
  try {
    const job = await settleJob(context, options, await start());
    if (target) {
      const bytes = await target.save(await download(job), context.signal);
      note(`saved ${formatBytes(bytes)} to ${target.path}`);
    }
    await printResult(context.out, printable(job));
  } finally {
    target?.discard();
  }
}
