// What the download URL of a finished export serves. The mock never keeps bytes, so an export is
// a JSON manifest of what went in: for a tool, each of its files with size and sha256; for a
// model, each imported chunk's size and sha256 in order. A test proves an import or upload
// byte-exact by comparing those digests with its own; the document is the same on every download.
import { present } from "../../kernel/present.js";
import type { MockContext } from "./context.js";
import type { StoredFile } from "./state/files.js";

const fileEntry = (file: StoredFile) => ({
  fileId: file.fileId,
  fileName: file.fileName,
  size: file.size,
  ...(file.sha256 !== undefined ? { sha256: file.sha256 } : {}),
  ...(file.chunks !== undefined ? { chunks: file.chunks } : {}),
});

/** The manifest of export job `jobId`, or why there is none yet. */
export function exportManifest(context: MockContext, jobId: string): { manifest: unknown } | { status: number; message: string } {
  const job = context.jobs.get(jobId);
  if (job?.action !== "EXPORT") return { status: 404, message: `No export job ${jobId}` };
  if (job.status !== "SUCCESS") return { status: 409, message: `Export job ${jobId} is ${job.status}` };
  if ("toolId" in job.subject) {
    // A finished export job's subject is a stored tool, and its run stored the export record.
    const tool = present(context.tools.get(job.subject.toolId), `stored tool ${job.subject.toolId}`);
    const record = present(context.tools.getExport(String(job.extra.exportJobId)), `export record of job ${jobId}`);
    return {
      manifest: {
        kind: "tool-export",
        toolId: tool.toolId,
        toolName: tool.toolName,
        flowId: record.flowId,
        files: {
          toolData: fileEntry(tool.files.toolData),
          flowData: fileEntry(tool.files.flowData),
          ...(tool.files.envVariables ? { envVariables: fileEntry(tool.files.envVariables) } : {}),
        },
      },
    };
  }
  const model = present(context.models.get(job.subject.modelId), `stored model ${job.subject.modelId}`);
  return { manifest: { kind: "model-export", modelId: model.modelId, fileName: model.fileName, fileSize: model.fileSize, chunks: model.chunks } };
}
