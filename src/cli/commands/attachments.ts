// platform attachments: upload a file to a session of an app's environment, and delete one
// (destructive: it asks first, or takes --yes, or shows with --dry-run what it would do).
import { Command } from "commander";
import { withClient } from "../action.js";
import { withDestructiveOptions, type DestructiveFlags } from "../destructive.js";
import { specArgument, specOption } from "../spec-flags.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/attachments.js");

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
        await (await work()).upload(context, options, appId, envName, file, userReference.readMandatory(options));
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
        await (await work()).remove(context, options, appId, envName, fileId, chosen);
      }),
    );

  return group;
}
