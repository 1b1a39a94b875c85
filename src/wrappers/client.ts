// createPlatformClient: one openapi-fetch client with the request path around it
// (./request/platform-api.ts), and one namespace per tag of the spec (./resources/).
import type { Middleware } from "openapi-fetch";
import { waitForJob } from "./jobs/load-waiter.js";
import type { WaitOptions } from "./jobs/wait-options.js";
import type { Job } from "./normalize/jobs.js";
import { resolveOptions, type PlatformClientOptions } from "./options.js";
import { createPlatformApi, type ClientSeams } from "./request/platform-api.js";
import { attachmentsApi } from "./resources/attachments.js";
import { chunksApi } from "./resources/chunks.js";
import { connectionsApi } from "./resources/connections.js";
import { filesApi, type UploadFileRequest } from "./resources/files.js";
import { guardrailsApi } from "./resources/guardrails.js";
import { jobsApi } from "./resources/jobs.js";
import { modelsApi, type ImportModelOptions, type ResumeImportOptions } from "./resources/models.js";
import { toolsApi } from "./resources/tools.js";
import type { ImportState } from "./uploads/chunked-upload.js";

/** What an entry puts under a client: the Node entry's sender, options and download fetch; tests' timing. */
export interface ClientWiring extends ClientSeams {
  /** Option names the entry reads itself (the Node entry's tls, proxy, dispatcher). */
  extraOptionKeys?: readonly string[];
  /** How exports are downloaded when the caller passes no fetch; the global fetch otherwise. */
  downloadFetch?: typeof fetch;
}

export function buildPlatformClient(options: PlatformClientOptions, wiring: ClientWiring = {}) {
  const resolved = resolveOptions(options, wiring.extraOptionKeys);
  const platform = createPlatformApi(resolved, wiring);
  const downloadFetch = resolved.fetchGiven || !wiring.downloadFetch ? resolved.fetch : wiring.downloadFetch;
  const models = modelsApi(platform, downloadFetch);
  const files = filesApi(platform);
  const jobs = jobsApi(platform);
  return {
    connections: connectionsApi(platform),
    chunks: chunksApi(platform),
    models,
    tools: toolsApi(platform, downloadFetch),
    guardrails: guardrailsApi(platform),
    attachments: attachmentsApi(platform),
    files,
    jobs,
    /** Adds openapi-fetch middleware to every request this client makes, in the order given. */
    use(...middleware: Middleware[]): void {
      platform.api.use(...middleware);
    },
    /** Removes middleware added with `use`. */
    eject(...middleware: Middleware[]): void {
      platform.api.eject(...middleware);
    },
    /**
     * The openapi-fetch client under every call: typed by the spec's paths, with the same
     * checks, middleware, credentials and retries. Answers come back as openapi-fetch's
     * `{ data, error, response }`, not normalised.
     */
    raw: platform.api,
    /**
     * The text with every secret this client holds masked: its API key and JWT (a JWT from a
     * function once it has been fetched). The command line and the MCP server pass everything
     * they print through it, so there is one redactor per client.
     */
    redact: (text: string): string => platform.redactor.text(text),
    /** @deprecated Use `models.import`; this alias goes in the next minor version. */
    importModel: (request: ImportModelOptions) => models.import(request),
    /** @deprecated Use `models.resumeImport`; this alias goes in the next minor version. */
    resumeImport: (state: ImportState, request: ResumeImportOptions) => models.resumeImport(state, request),
    /** @deprecated Use `files.upload`; this alias goes in the next minor version. */
    uploadFile: (request: UploadFileRequest) => files.upload(request),
    /** @deprecated Use `jobs.wait`; this alias goes in the next minor version. */
    waitForJob: (jobOrId: Job | string, options?: WaitOptions) => jobs.wait(jobOrId, options),
  };
}

/** The client `createPlatformClient` returns: one namespace per tag of the spec, `use`/`eject` and `raw`. */
export interface PlatformClient extends ReturnType<typeof buildPlatformClient> {}

/** A client of the platform's management interface over fetch (Node 20+, browsers, Deno, Bun). */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return buildPlatformClient(options);
}

export { waitForJob };
