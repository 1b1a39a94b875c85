// platform files: upload a file for a later tool import; the id it prints goes into the import's
// body. Large files go through the chunked session like a model import.
import { Command } from "commander";
import { SINGLE_UPLOAD_LIMIT } from "../../wrappers/uploads/single-upload-limit.js";
import { withClient } from "../action.js";
import { parsePositiveInteger } from "../durations.js";
import { printable, printResult } from "../output/print.js";
import { specArgument, specOption } from "../spec-flags.js";

export function filesCommand(): Command {
  const group = new Command("files").description("files uploaded for tool imports");

  const fileContext = specOption("--context <fileContext>", "the fileContext (default bulkImport, what tool import expects)", { operationId: "uploadFile", in: "body", name: "fileContext" });
  group
    .command("upload")
    .addArgument(specArgument("<file>", "the file", { operationId: "uploadFile", in: "body", name: "file" }))
    .option("--file-name <name>", "the name to record (default: the file's own)")
    .addOption(fileContext.option)
    .option("--concurrency <n>", "chunks in flight for a large file", parsePositiveInteger)
    .description(`upload a file (uploadFile; a session for files of ${SINGLE_UPLOAD_LIMIT / 1_000_000} MB or more)`)
    .addHelpText("after", "\nExample:\n  platform files upload tool.json --json | jq -r .fileId")
    .action(
      withClient(
        ["uploadFile", "startImportSession", "uploadImportChunk", "completeImportSession"],
        async (context, options: { fileName?: string; concurrency?: number }, file: string) => {
          const contextName = fileContext.read(options);
          const uploaded = await context.client.files.upload({
            source: file,
            signal: context.signal,
            ...(options.fileName ? { fileName: options.fileName } : {}),
            ...(contextName ? { fileContext: contextName } : {}),
            ...(options.concurrency ? { concurrency: options.concurrency } : {}),
          });
          // The normalised fields, as every command prints a record: `raw` would repeat them.
          await printResult(context.out, printable(uploaded));
        },
      ),
    );

  return group;
}
