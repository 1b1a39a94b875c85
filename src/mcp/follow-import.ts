// One call's view of an upload (./imports.ts): its progress while the call lasts, then the
// import's job within what is left of the bound. At the bound the call answers with a handle (the
// state file) and the upload goes on; a cancelled call stops the upload, whose state file then
// lets resume_model_import send only what is missing.
import type { ImportResult } from "../index.js";
import { AbortError, ImportError } from "../kernel/errors.js";
import { untilBound } from "./bound.js";
import type { UploadTask } from "./imports.js";
import { settleJob } from "./jobs.js";
import { ToolError, type ToolOutcome } from "./results.js";
import type { ToolCall } from "./tool.js";

export const RESUME_TOOL = "resume_model_import";

function uploaded(task: UploadTask): string {
  const p = task.progress;
  const state = task.state;
  if (p) return `${p.chunksUploaded} of ${p.totalChunks} chunks`;
  return state ? `${state.uploadedChunks.length} of ${state.totalChunks} chunks` : "no chunk yet";
}

const continueWith = (task: UploadTask) => ({ stateFile: task.stateFile, path: task.source, continueWith: RESUME_TOOL });

export async function followImport(call: ToolCall, task: UploadTask): Promise<ToolOutcome> {
  const what = `import of ${task.source}`;
  const unfollow = task.follow(call.progress.upload);
  let outcome: { value: ImportResult } | "bound";
  try {
    outcome = await untilBound(task.result, call.bound, call.cancel);
  } catch (error) {
    if (error instanceof AbortError && call.cancel.aborted) {
      task.stop(error);
      throw new ToolError("Cancelled", `the call was cancelled and the upload stopped after ${uploaded(task)}; no platform job was started. ${RESUME_TOOL} with stateFile ${task.stateFile} sends the chunks still missing`, { handle: continueWith(task) });
    }
    if (error instanceof ImportError && error.resumable) {
      throw new ToolError("ImportError", `${error.message}. Its state is in ${task.stateFile}: ${RESUME_TOOL} with that stateFile sends the chunks still missing`, { handle: continueWith(task), failedChunks: error.failedChunks });
    }
    throw error;
  } finally {
    unfollow();
  }
  if (outcome === "bound") {
    return {
      summary: `${what}: uploaded ${uploaded(task)} in ${call.bound.seconds} s; the upload goes on in the MCP server: call ${RESUME_TOOL} with stateFile ${task.stateFile} to follow it (after a server restart, the same call continues it)`,
      content: { upload: { uploaded: task.progress ?? null }, handle: continueWith(task) },
    };
  }
  call.imports.handOver(task);
  const { job, modelId, sessionId } = outcome.value;
  return settleJob(call, job, `${what} (model ${modelId ?? "id in the job"})`, { modelId, sessionId });
}
