// Model import from a file on the server's machine, through the client's upload engine (a
// session, numbered chunks, completion), and its resume. The upload runs in the server
// (../imports.ts) and may outlive the call: at the call's bound the answer is a handle (the
// state file), and resume_model_import follows the upload again, takes over its finished job, or
// continues an upload that stopped, sending only the chunks still missing.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ValidationError } from "../../kernel/errors.js";
import { DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY } from "../../wrappers/uploads/chunked-upload.js";
import { followImport, RESUME_TOOL } from "../follow-import.js";
import { modelFileOf, readSavedImport, removeSavedImport, SavedImportError, stateFileFor, STATE_FILE_SUFFIX, type SavedImport } from "../../node/saved-import.js";
import { settleJob } from "../jobs.js";
import { bodyField } from "../schemas.js";
import { filePath, maxWaitSeconds, readableFile } from "../server-arguments.js";
import { defineTool, server, spec } from "../tool.js";

const chunksInFlight = server({ type: "integer", minimum: 1, maximum: 16, description: `Chunks in flight at once (default ${DEFAULT_CONCURRENCY}).` });

export const importModel = defineTool({
  name: "import_model",
  title: "Import a model file",
  description: `Imports a model file from the MCP server's machine in numbered chunks, then waits for the import job within maxWaitSeconds. Progress (bytes, chunks, then the job's status) is reported when the call carries a progressToken. If the bound comes first, the upload goes on in the server and the answer is a handle: call ${RESUME_TOOL} with its stateFile to follow it (or wait_for_job once it names a dockStatusId).`,
  effect: "write",
  arguments: {
    path: server(filePath("the model file (any size: it is read chunk by chunk, never whole)"), true),
    fileName: spec(bodyField("startImportSession", "fileName", "The name the platform records (default: the file's own name).")),
    isAdapter: spec(bodyField("startImportSession", "isAdapter")),
    chunkSize: server({ type: "integer", minimum: 1, description: `Bytes per chunk (default ${DEFAULT_CHUNK_SIZE / (1024 * 1024)} MiB). The platform's maximum is not documented.` }),
    concurrency: chunksInFlight,
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const { path } = await readableFile(args.path, "path", "import_model");
    const stateFile = stateFileFor(path);
    // A state file is the only way back into its session: it is never overwritten unasked.
    if ((await call.imports.find(stateFile)) || existsSync(stateFile)) {
      throw new ValidationError([{ field: "path", rule: "importInProgress", message: `path has an import on record (${stateFile}): ${RESUME_TOOL} with that stateFile follows or continues it; delete the file to start again` }], "import_model");
    }
    const { fileName, isAdapter, chunkSize, concurrency } = args;
    const options = {
      source: path,
      ...(fileName !== undefined ? { fileName } : {}),
      ...(isAdapter !== undefined ? { isAdapter } : {}),
      ...(chunkSize !== undefined ? { chunkSize } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
    };
    const task = call.imports.start(stateFile, path, (hooks) => call.client.models.import({ ...options, ...hooks }));
    return followImport(call, task);
  },
});

export const resumeModelImport = defineTool({
  name: "resume_model_import",
  title: "Follow or resume a model import",
  description: `Continues an import that import_model (or \`platform models import\`) started, by its state file: follows the upload if it is still running in this server, takes over its job once the upload is done, or resumes an upload that stopped (a cancelled call, a failure, a server restart), sending only the chunks still missing. Then waits for the import job within maxWaitSeconds.`,
  effect: "write",
  arguments: {
    stateFile: server({ type: "string", minLength: 1, description: `The state file a handle named (the model file's path + "${STATE_FILE_SUFFIX}").` }, true),
    path: server(filePath(`the same model file, unchanged (default: the state file's name without "${STATE_FILE_SUFFIX}")`)),
    concurrency: chunksInFlight,
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const stateFile = resolve(args.stateFile);
    const running = await call.imports.find(stateFile);
    if (running) return followImport(call, running);
    const saved = savedImportAt(stateFile);
    if (saved.job) {
      // The upload finished while no call followed it: its job is the rest of the import.
      removeSavedImport(stateFile);
      return settleJob(call, { ...saved.job, raw: saved.job }, `import of ${modelFileOf(stateFile) ?? saved.state.fileName}`, { modelId: saved.job.modelId ?? saved.state.modelId });
    }
    const given = args.path ?? modelFileOf(stateFile);
    if (given === undefined) throw new ValidationError([{ field: "path", rule: "required", message: `path is required: the state file's name does not end in ${STATE_FILE_SUFFIX}` }], RESUME_TOOL);
    const { path } = await readableFile(given, "path", RESUME_TOOL);
    const { concurrency } = args;
    const transfer = { source: path, ...(concurrency !== undefined ? { concurrency } : {}) };
    const task = call.imports.start(stateFile, path, (hooks) => call.client.models.resumeImport(saved.state, { ...transfer, ...hooks }));
    return followImport(call, task);
  },
});

/** The saved import, or a ValidationError an agent can act on. */
function savedImportAt(stateFile: string): SavedImport {
  try {
    return readSavedImport(stateFile);
  } catch (error) {
    if (!(error instanceof SavedImportError)) throw error;
    const message =
      error.reason === "io"
        ? error.code === "ENOENT"
          ? "stateFile does not exist: the import it recorded has ended and was handed over, or never started"
          : error.code === "ENOTFILE" || error.code === "EFBIG"
            ? `stateFile must be the regular file an import wrote (${error.code}: ${error.code === "ENOTFILE" ? "a FIFO, a device or a folder" : "far larger than a state file"})`
            : `stateFile cannot be read (${error.code ?? "error"})`
        : "stateFile is not the JSON object an import wrote";
    throw new ValidationError([{ field: "stateFile", rule: error.reason === "io" ? "readable" : "format", message }], RESUME_TOOL);
  }
}
