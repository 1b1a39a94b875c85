// platform attachments: upload a file to a session of an app's environment, and delete one.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { Command } from "commander";
import { withClient } from "../action.js";
import { UsageError } from "../exit-codes.js";
import { printResult } from "../output.js";

export function attachmentsCommand(): Command {
  const group = new Command("attachments").description("files attached to a session (under /api/v2)");

  group
    .command("upload")
    .argument("<appId>", "st-…")
    .argument("<envName>", "the environment, e.g. dev")
    .argument("<file>", "the file to attach")
    .requiredOption("--user-reference <ref>", "the user the session belongs to (userReference)")
    .option("--file-name <name>", "the name to store (default: the file's own)")
    .description("attach a file (uploadAttachment)")
    .addHelpText("after", "\nExample:\n  platform attachments upload st-0a1b2c3d dev invoice.pdf --user-reference user-42 --json")
    .action(
      withClient(["uploadAttachment"], async (context, options: { userReference: string; fileName?: string }, appId: string, envName: string, file: string) => {
        // Attachments are small documents; the service takes them in one request.
        const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
          throw new UsageError(`${file}: cannot be read (${error.code ?? "error"})`);
        });
        const attachment = await context.client.attachments.upload(appId, envName, { file: new Uint8Array(bytes), fileName: options.fileName ?? basename(file), userReference: options.userReference, signal: context.signal });
        printResult(context, attachment);
      }),
    );

  group
    .command("delete")
    .argument("<appId>", "st-…")
    .argument("<envName>", "the environment")
    .argument("<fileId>", "f-…")
    .option("--session-id <id>", "the session the file is attached to")
    .option("--session-reference <ref>", "or the session's reference")
    .description("delete an attachment (deleteAttachment)")
    .addHelpText("after", "\nExample:\n  platform attachments delete st-0a1b2c3d dev f-2b3c4d5e")
    .action(
      withClient(["deleteAttachment"], async (context, options: { sessionId?: string; sessionReference?: string }, appId: string, envName: string, fileId: string) => {
        const session = { ...(options.sessionId ? { sessionId: options.sessionId } : {}), ...(options.sessionReference ? { sessionReference: options.sessionReference } : {}) };
        printResult(context, await context.client.attachments.delete(appId, envName, fileId, { ...session, signal: context.signal }));
      }),
    );

  return group;
}
