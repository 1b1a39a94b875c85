// createPlatformClient: the core (openapi-fetch + auth + retries + validation) and one
// namespace per capability, each in its own module.
import { attachmentsApi } from "./resources/attachments.js";
import { chunksApi } from "./resources/chunks.js";
import { connectionsApi } from "./resources/connections.js";
import { createCore, type CoreInternals } from "./core.js";
import { filesApi } from "./resources/files.js";
import { guardrailsApi } from "./resources/guardrails.js";
import { importsApi } from "./resources/model-import.js";
import { jobsApi } from "./resources/jobs.js";
import { modelsApi } from "./resources/models.js";
import type { PlatformClientOptions } from "./options.js";
import { toolsApi } from "./resources/tools.js";

export function createPlatformClient(options: PlatformClientOptions, internals?: CoreInternals) {
  const core = createCore(options, internals);
  const files = filesApi(core);
  const jobs = jobsApi(core);
  const imports = importsApi(core);
  return {
    connections: connectionsApi(core),
    chunks: chunksApi(core),
    models: modelsApi(core),
    tools: toolsApi(core, files),
    guardrails: guardrailsApi(core),
    attachments: attachmentsApi(core),
    files,
    jobs,
    importModel: imports.importModel,
    resumeImport: imports.resumeImport,
    uploadFile: files.upload,
    waitForJob: jobs.wait,
    /** openapi-fetch over the generated paths, with auth and retries (no pre-send validation). */
    raw: core.raw,
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
