// Session attachments: upload a file from the server's machine, and delete one (with consent).
import { requestEnums } from "../../generated/request-enums.js";
import { CONFIRM_ARGUMENT, requireConsent } from "../consent.js";
import { bodyField, parameter } from "../schemas.js";
import { filePath, readableFile } from "../server-arguments.js";
import { defineTool, server, spec } from "../tool.js";

export const uploadAttachment = defineTool({
  name: "upload_attachment",
  title: "Upload an attachment",
  description: "Attaches a file from the MCP server's machine to a session of an app's environment.",
  effect: "write",
  arguments: {
    appId: spec(parameter("uploadAttachment", "appId"), true),
    envName: spec(parameter("uploadAttachment", "envName"), true),
    path: server(filePath("the file to attach"), true),
    fileName: server({ type: "string", minLength: 1, description: "The name the platform stores (default: the file's own name)." }),
    userReference: spec(bodyField("uploadAttachment", "userReference"), true),
  },
  async run(args, call) {
    const { appId, envName, userReference, fileName } = args;
    const { path } = await readableFile(args.path, "path", "upload_attachment");
    // The file part is the client's to check once it has the bytes; the rest is checked here first.
    call.precheck("uploadAttachment", { path: { appId, envName }, body: { file: new Blob(["-"]), userReference, uploadType: requestEnums.uploadAttachment.body.uploadType[0] } });
    const attachment = await call.client.attachments.upload(appId, envName, {
      file: path,
      userReference,
      ...(fileName !== undefined ? { fileName } : {}),
      signal: call.signal,
    });
    return { summary: `attached ${attachment.fileName} as ${attachment.fileId} to ${appId}/${envName}`, content: { ...attachment } };
  },
});

export const deleteAttachment = defineTool({
  name: "delete_attachment",
  title: "Delete an attachment",
  description: "Deletes a file attached to a session. Needs confirm: true; without it, says what it would delete and sends nothing.",
  effect: "destroy",
  arguments: {
    appId: spec(parameter("deleteAttachment", "appId"), true),
    envName: spec(parameter("deleteAttachment", "envName"), true),
    fileId: spec(parameter("deleteAttachment", "fileId"), true),
    sessionId: spec(bodyField("deleteAttachment", "sessionId")),
    sessionReference: spec(bodyField("deleteAttachment", "sessionReference")),
    confirm: server(CONFIRM_ARGUMENT),
  },
  async run(args, call) {
    const { appId, envName, fileId } = args;
    const session = {
      ...(args.sessionId !== undefined ? { sessionId: args.sessionId } : {}),
      ...(args.sessionReference !== undefined ? { sessionReference: args.sessionReference } : {}),
    };
    call.precheck("deleteAttachment", { path: { appId, envName, fileId }, ...(Object.keys(session).length > 0 ? { body: session } : {}) });
    requireConsent(args.confirm, "delete_attachment", { action: `delete attachment ${fileId} of ${appId}/${envName}`, appId, envName, fileId });
    const deleted = await call.client.attachments.delete(appId, envName, fileId, { ...session, signal: call.signal });
    return { summary: `deleted attachment ${fileId} of ${appId}/${envName}`, content: { ...deleted } };
  },
});
