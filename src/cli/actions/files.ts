// The work of `platform files upload` (../commands/files.ts), loaded when it runs.
import type { Context } from "../context.js";
import { printable, printResult } from "../output/print.js";
import type { SpecFieldValue } from "../spec-flags.js";

/** `fileContext` is --context, read by the command as the field it fills. */
export async function upload(
  context: Context,
  options: { fileName?: string; concurrency?: number },
  file: string,
  fileContext: SpecFieldValue<"uploadFile", "body", "fileContext"> | undefined,
): Promise<void> {
  const uploaded = await context.client.files.upload({
    source: file,
    signal: context.signal,
    ...(options.fileName ? { fileName: options.fileName } : {}),
    ...(fileContext ? { fileContext } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  // The normalised fields, as every command prints a record: `raw` would repeat them.
  await printResult(context.out, printable(uploaded));
}
