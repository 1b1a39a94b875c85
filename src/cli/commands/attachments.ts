// platform attachments: upload a file to a session of an app's environment, and delete one
// (destructive: it asks first, or takes --yes, or shows with --dry-run what it would do).
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { Command } from "commander";
import { withClient } from "../action.js";
import { goAhead, withDestructiveOptions, type DestructiveFlags } from "../destructive.js";
import { fileError } from "../local-files/file-errors.js";
import { printResult } from "../output/print.js";
import { specArgument, specOption } from "../spec-flags.js";

export function attachmentsCommand(): Command {
  const group = new Command("attachments").description("files attached to a session (under /api/v2)");

  const userReference = specOption("--user-reference <ref>", "the user the session belongs to (userReference)", { operationId: "uploadAttachment", in: "body", name: "userReference" });
  group
    .command("upload")
    .addArgument(specArgument("<appId>", "st-…", { operationId: "uploadAttachment", in: "path", name: "appId" }))
    .addArgument(specArgument("<envName>", "the environment, e.g. dev", { operationId: "uploadAttachment", in: "path", name: "envName" }))
    .addArgument(specArgument("<file>", "the file to attach", { operationId: "uploadAttachment", in: "body", name: "file" }))
    .addOption(userReference.option.makeOptionMandatory())
    .option("--file-name <name>", "the name to store (default: the file's own)")
    .description("attach a file (uploadAttachment)")
    .addHelpText("after", "\nExample:\n  platform attachments upload st-0a1b2c3d dev invoice.pdf --user-reference user-42 --json")
    .action(
      withClient(["uploadAttachment"], async (context, options: { fileName?: string }, appId: string, envName: string, file: string) => {
        // Attachments are small documents; the service takes them in one request.
        const bytes = await readFile(file).catch((error: unknown) => {
          throw fileError(file, "read the file to attach", error);
        });
        const attachment = await context.client.attachments.upload(appId, envName, {
          file: new Uint8Array(bytes),
          fileName: options.fileName ?? basename(file),
          userReference: userReference.readMandatory(options),
          signal: context.signal,
        });
        await printResult(context.out, attachment);
      }),
    );

  const session = {
    id: specOption("--session-id <id>", "the session the file is attached to", { operationId: "deleteAttachment", in: "body", name: "sessionId" }),
    reference: specOption("--session-reference <ref>", "or the session's reference", { operationId: "deleteAttachment", in: "body", name: "sessionReference" }),
  };
  withDestructiveOptions(
    group
      .command("delete")
      .addArgument(specArgument("<appId>", "st-…", { operationId: "deleteAttachment", in: "path", name: "appId" }))
      .addArgument(specArgument("<envName>", "the environment", { operationId: "deleteAttachment", in: "path", name: "envName" }))
      .addArgument(specArgument("<fileId>", "f-…", { operationId: "deleteAttachment", in: "path", name: "fileId" }))
      .addOption(session.id.option)
      .addOption(session.reference.option)
      .description("delete an attachment (deleteAttachment)"),
  )
    .addHelpText("after", "\nExample:\n  platform attachments delete st-0a1b2c3d dev f-2b3c4d5e --yes")
    .action(
      withClient(["deleteAttachment"], async (context, options: DestructiveFlags, appId: string, envName: string, fileId: string) => {
        const [sessionId, sessionReference] = [session.id.read(options), session.reference.read(options)];
        const chosen = { ...(sessionId ? { sessionId } : {}), ...(sessionReference ? { sessionReference } : {}) };
        if (!(await goAhead(context, options, { operation: "deleteAttachment", appId, envName, fileId, ...chosen }, `delete attachment ${fileId} of ${appId}/${envName}`))) return;
        await printResult(context.out, await context.client.attachments.delete(appId, envName, fileId, { ...chosen, signal: context.signal }));
      }),
    );

  return group;
}
