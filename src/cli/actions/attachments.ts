// The work of `platform attachments` (../commands/attachments.ts), loaded when one of its
// commands runs.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Context } from "../context.js";
import type { DestructiveFlags } from "../destructive.js";
import { fileError } from "../local-files/file-errors.js";
import { printResult } from "../output/print.js";
import { goAhead } from "../prompt/go-ahead.js";
import type { SpecFieldValue } from "../spec-flags.js";

/** `userReference` is --user-reference, read by the command as the field it fills. */
export async function upload(
  context: Context,
  options: { fileName?: string },
  appId: string,
  envName: string,
  file: string,
  userReference: SpecFieldValue<"uploadAttachment", "body", "userReference">,
): Promise<void> {
  // Attachments are small documents; the service takes them in one request.
  const bytes = await readFile(file).catch((error: unknown) => {
    throw fileError(file, "read the file to attach", error);
  });
  const attachment = await context.client.attachments.upload(appId, envName, {
    file: new Uint8Array(bytes),
    fileName: options.fileName ?? basename(file),
    userReference,
    signal: context.signal,
  });
  await printResult(context.out, attachment);
}

/** `session` is the session the file is attached to, as --session-id or --session-reference give it. */
export async function remove(
  context: Context,
  options: DestructiveFlags,
  appId: string,
  envName: string,
  fileId: string,
  session: { sessionId?: string; sessionReference?: string },
): Promise<void> {
  if (!(await goAhead(context, options, { operation: "deleteAttachment", appId, envName, fileId, ...session }, `delete attachment ${fileId} of ${appId}/${envName}`))) return;
  await printResult(context.out, await context.client.attachments.delete(appId, envName, fileId, { ...session, signal: context.signal }));
}
