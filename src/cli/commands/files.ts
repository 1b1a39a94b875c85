// platform files: upload a file for a later tool import; the id it prints goes into the import's
// body. Large files go through the chunked session like a model import.
import { Command } from "commander";
import { withClient } from "../action.js";
import { parsePositiveInteger } from "../durations.js";
import { printResult } from "../output.js";

export function filesCommand(): Command {
  const group = new Command("files").description("files uploaded for tool imports");

  group
    .command("upload")
    .argument("<file>", "the file")
    .option("--file-name <name>", "the name to record (default: the file's own)")
    .option("--context <fileContext>", "the fileContext (default bulkImport, what tool import expects)")
    .option("--concurrency <n>", "chunks in flight for a large file", parsePositiveInteger)
    .description("upload a file (uploadFile; a session for files of 25 MB or more)")
    .addHelpText("after", "\nExample:\n  platform files upload tool.json --json | jq -r .fileId")
    .action(
      withClient(["uploadFile", "startImportSession", "uploadImportChunk", "completeImportSession"], async (context, options: { fileName?: string; context?: string; concurrency?: number }, file: string) => {
        const uploaded = await context.client.files.upload({
          source: file,
          signal: context.signal,
          ...(options.fileName ? { fileName: options.fileName } : {}),
          ...(options.context ? { fileContext: options.context } : {}),
          ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        });
        printResult(context, uploaded);
      }),
    );

  return group;
}
