// platform files: upload a file for a later tool import; the id it prints goes into the import's
// body. Large files go through the chunked session like a model import.
import { Command } from "commander";
import { SINGLE_UPLOAD_LIMIT } from "../../wrappers/uploads/single-upload-limit.js";
import { withClient } from "../action.js";
import { parsePositiveInteger } from "../durations.js";
import { specArgument, specOption } from "../spec-flags.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/files.js");

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
          await (await work()).upload(context, options, file, fileContext.read(options));
        },
      ),
    );

  return group;
}
