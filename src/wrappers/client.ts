// createPlatformClient: one openapi-fetch client with the request path around it
// (./request/request-path.ts), and one namespace per tag of the spec (./resources/).
import type { Middleware } from "openapi-fetch";
import type { ValidationIssue } from "../kernel/errors.js";
import { resolveOptions, type PlatformClientOptions } from "./options.js";
import type { ClientSeams } from "./request/platform-api.js";
import { createPlatformApi } from "./request/request-path.js";
import { attachmentsApi } from "./resources/attachments.js";
import { chunksApi } from "./resources/chunks.js";
import { connectionsApi } from "./resources/connections.js";
import { filesApi } from "./resources/files.js";
import { guardrailsApi } from "./resources/guardrails.js";
import { jobsApi } from "./resources/jobs.js";
import { modelsApi } from "./resources/models.js";
import { toolsApi } from "./resources/tools.js";
import { passSourcesThrough, type SourceOpener } from "./uploads/source-opener.js";

/** What an entry puts under a client: the Node entry's sender, options, download fetch and file paths; tests' timing. */
export interface ClientWiring extends ClientSeams {
  /** Option names the entry reads itself (the Node entry's tls, proxy, dispatcher). */
  extraOptionKeys?: readonly string[] | undefined;
  /** What the entry's own check of those options found: refused in one error with the client's own. */
  extraOptionIssues?: readonly ValidationIssue[] | undefined;
  /** How exports are downloaded when the caller passes no fetch; the global fetch otherwise. */
  downloadFetch?: typeof fetch | undefined;
  /** Turns what an upload was given into a Blob or stream; the Node entry opens file paths here. */
  sources?: SourceOpener | undefined;
}

/**
 * The client. `Path` is what uploads accept besides a Blob or a stream: nothing on the portable
 * entry, a file path (`string`) on the Node entry, whose `sources` wiring opens it.
 */
export function buildPlatformClient<Path = never>(options: PlatformClientOptions, wiring: ClientWiring = {}) {
  const resolved = resolveOptions(options, wiring.extraOptionKeys, wiring.extraOptionIssues);
  const platform = createPlatformApi(resolved, wiring);
  const downloadFetch = resolved.fetchGiven || !wiring.downloadFetch ? resolved.fetch : wiring.downloadFetch;
  const sources = wiring.sources ?? passSourcesThrough;
  return {
    connections: connectionsApi(platform),
    chunks: chunksApi(platform),
    models: modelsApi<Path>(platform, sources, downloadFetch),
    tools: toolsApi<Path>(platform, sources, downloadFetch),
    guardrails: guardrailsApi(platform),
    attachments: attachmentsApi<Path>(platform, sources),
    files: filesApi<Path>(platform, sources),
    jobs: jobsApi(platform),
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
    /**
     * Where the service's answers departed from the spec, with `validateResponses: "warn"` or
     * `"strict"`: `report()` returns the drift report (names and types, never a value), `clear()`
     * starts it again. Write it to a file with the Node entry's `writeDriftReport`.
     */
    drift: platform.drift,
  };
}

/** The client `createPlatformClient` returns: one namespace per tag of the spec, `use`/`eject` and `raw`. */
export interface PlatformClient extends ReturnType<typeof buildPlatformClient<never>> {}

/** A client of the platform's management interface over fetch (Node 20+, browsers, Deno, Bun). */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return buildPlatformClient(options);
}
