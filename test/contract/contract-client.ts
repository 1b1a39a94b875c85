// Shared by the contract tests: the public Node client pointed at the suite's Prism (see
// global-setup.ts), a fetch that records every request on the wire (and can ask Prism for a
// named example or status), and the table of calls that reaches each operation of the spec
// through the wrappers.
import { inject } from "vitest";
import { listOperations, loadSpec, specPath } from "../../scripts/lib/spec.mjs";
import { and, APIError, eq, or } from "../../src/node.js";
import { buildNodePlatformClient } from "../../src/node/node-client.js";
import type { DeleteTotals, ImportResult, ImportState, Job, NodePlatformClient, NormalizedChunk, Page, UploadedFile } from "../../src/node.js";
import type { ClientWiring } from "../../src/wrappers/client.js";
import { VALID_PARAMS } from "../support/sample-requests.js";

export const spec = loadSpec();
export const specOperations = listOperations(spec);

// Any value passes Prism's security check; these only have to be present and distinct.
export const API_KEY = "contract-api-key-0123456789";
export const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjb250cmFjdCJ9.c2lnbmF0dXJl";

/** The shared Prism's URL, or a failure that says how to wire the suite in. */
export function prismUrl(): string {
  const url = inject("prismUrl");
  if (!url) {
    throw new Error(
      "No Prism URL was provided: the contract tests need the globalSetup test/contract/global-setup.ts " +
        "(run `npx vitest run -c test/contract/vitest.config.ts`, or add it to globalSetup in vitest.config.ts)",
    );
  }
  // Prism and the tests must read the very same document, or a passing suite proves nothing.
  if (inject("prismSpec") !== specPath()) throw new Error(`Prism serves ${inject("prismSpec")} but the tests read ${specPath()}`);
  return url;
}

// ---------------------------------------------------------------------------------------------
// The wire: which operation each request reached, and what Prism answered.

export interface WireRecord {
  /** The spec operation the method and path match; undefined for a request outside the spec. */
  operationId: string | undefined;
  method: string;
  path: string;
  /** Which of the two credential headers went out (the spec's security says exactly one). */
  credentials: string[];
  status: number;
  /** Prism's `sl-violations` header: why it refused (422) or would have refused a request. */
  violations: string | undefined;
  prefer: string | undefined;
}

// Literal segments before templated ones, so POST /files/session/start is startImportSession and
// not uploadImportChunk with sessionId "start".
const routes = specOperations
  .map((op) => ({
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    templates: (op.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.templates - b.templates);

export function operationOf(method: string, path: string): string | undefined {
  return routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path))?.operationId;
}

export function describeWire(wire: WireRecord[]): string {
  if (wire.length === 0) return "nothing was sent";
  return wire
    .map((w) => `${w.method} ${w.path} (${w.operationId ?? "not in the spec"})${w.prefer ? ` [Prefer: ${w.prefer}]` : ""} -> ${w.status}${w.violations ? ` sl-violations: ${w.violations}` : ""}`)
    .join("\n");
}

export interface Preference {
  /** Only requests of this operation carry the header: Prism answers 404 to an example name
   * the operation does not have, so a call that sends several operations must not pass it on. */
  operationId: string;
  /** The Prefer header's value, e.g. `example=chunkPageLast` or `code=404, example=undocumentedError`. */
  value: string;
}

export interface ContractClientOptions {
  prefer?: Preference;
  maxRetries?: number;
  internals?: ClientWiring;
}

/** The public Node client on Prism, over a fetch that records the wire. */
export function contractClient(options: ContractClientOptions = {}): { client: NodePlatformClient; wire: WireRecord[] } {
  const wire: WireRecord[] = [];
  const recording = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // The client's transport always hands over a Request (body already buffered), whose
    // headers can be changed before it is sent.
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const operationId = operationOf(request.method, path);
    if (options.prefer && options.prefer.operationId === operationId) request.headers.set("prefer", options.prefer.value);
    // Read back from the request itself: the record says what was sent, not what was meant.
    const prefer = request.headers.get("prefer") ?? undefined;
    const credentials = ["x-api-key", "auth"].filter((name) => request.headers.has(name));
    const response = await fetch(request);
    wire.push({ operationId, method: request.method, path, credentials, status: response.status, violations: response.headers.get("sl-violations") ?? undefined, prefer });
    return response;
  };
  const client = buildNodePlatformClient(
    {
      baseUrl: prismUrl(),
      apiKey: API_KEY,
      jwt: JWT,
      fetch: recording as typeof fetch,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    },
    options.internals,
  );
  return { client, wire };
}

// ---------------------------------------------------------------------------------------------
// One call per operation, through the public wrappers.

/** What a call returned, tagged so the tests can check it by kind. */
export type Outcome =
  | { kind: "job"; value: Job }
  | { kind: "import"; value: ImportResult }
  | { kind: "chunkPage"; value: Page<NormalizedChunk> }
  | { kind: "deleteTotals"; value: DeleteTotals }
  | { kind: "uploadedFile"; value: UploadedFile }
  /** Wrappers that hand back the service's body as it came (connections, chunk update, attachments). */
  | { kind: "body"; value: unknown };

export interface ContractCall {
  /** The operations the call sends, in order, when every answer is Prism's default example. */
  wire: string[];
  run(client: NodePlatformClient): Promise<Outcome>;
}

// Path parameters that satisfy the spec's patterns, shared with the other Prism tests.
function param(name: string): string {
  const value = VALID_PARAMS[name];
  if (value === undefined) throw new Error(`test/support/sample-requests.ts has no valid ${name}`);
  return value;
}
const connectionId = param("connectionId");
const botId = param("botId");
const chunkId = param("chunkId");
const modelId = param("modelId");
const toolId = param("toolId");
const dockStatusId = param("dockStatusId");
const appId = param("appId");
const envName = param("envName");
const fileId = param("fileId");
const sessionId = param("sessionId");

// A 12-byte "model" in 8-byte chunks: two numbered chunks (0 and 1), so chunk numbering beyond
// the first is on the wire too.
const MODEL_BYTES = new Uint8Array(12).fill(7);
const CHUNK_SIZE = 8;
const modelSource = () => new Blob([MODEL_BYTES], { type: "application/x-tar" });

/**
 * A state as importModel leaves it, for resumeImport. The state is the caller's (not Prism's),
 * so its session is open for an hour on the real clock.
 */
export function importState(uploadedChunks: number[]): ImportState {
  return {
    version: 2,
    sessionId,
    expirationDate: new Date(Date.now() + 60 * 60_000).toISOString(),
    modelId,
    fileName: "support-model.tar",
    fileExtension: "tar",
    fileContext: "model",
    fileSize: MODEL_BYTES.length,
    chunkSize: CHUNK_SIZE,
    totalChunks: Math.ceil(MODEL_BYTES.length / CHUNK_SIZE),
    uploadedChunks,
    source: { size: MODEL_BYTES.length, sampleBytes: 4096, samples: {} },
  };
}

// retryDelayMs 0: when a test makes a chunk fail with a 5xx, the engine's own chunk retries
// must not add seconds of backoff. It changes nothing when chunks succeed.
const importTransfer = { chunkSize: CHUNK_SIZE, retryDelayMs: 0 };

const job = async (value: Promise<Job>): Promise<Outcome> => ({ kind: "job", value: await value });
const body = async (value: Promise<unknown>): Promise<Outcome> => ({ kind: "body", value: await value });

export const CALLS: Readonly<Record<string, ContractCall>> = {
  listConnections: {
    wire: ["listConnections"],
    run: (c) => body(c.connections.list({ provider: "PROVIDER_ONE", status: "ACTIVE", limit: 10 })),
  },
  createConnection: {
    wire: ["createConnection"],
    run: (c) =>
      body(
        c.connections.create({
          provider: "PROVIDER_TWO",
          connectionName: "Cloud-hosted model",
          model: "model-large-2",
          modelType: "EASY_INTEGRATION",
          fields: { API_KEY: "example-provider-two-key", api_version: "2024-06-01", your_resource_name: "contoso-models", deployment_id: "large-2-prod" },
        }),
      ),
  },
  getConnection: {
    wire: ["getConnection"],
    run: (c) => body(c.connections.get(connectionId)),
  },
  updateConnection: {
    wire: ["updateConnection"],
    run: (c) => body(c.connections.update(connectionId, { fields: { API_KEY: "sk-example-rotated-key" } })),
  },
  replaceConnection: {
    wire: ["replaceConnection"],
    run: (c) =>
      body(
        c.connections.replace(connectionId, {
          provider: "API",
          connectionName: "Ticket summariser",
          endpointUrl: "https://llm.internal.invalid/v1/generate",
          headers: [{ key: "Authorization", value: "Bearer example-header-secret" }],
          payload: { input: "{{prompt}}" },
          outputPath: "result.text",
          status: "FINALIZED",
        }),
      ),
  },
  listChunks: {
    // Awaiting the list fetches the first page only; Prism's static page always says hasMore
    // with the same cursor, so walking every page would (rightly) end in PaginationLoopError.
    wire: ["listChunks"],
    run: async (c) => ({
      kind: "chunkPage",
      value: await c.chunks.list(botId, {
        filters: and(or(eq("sourceName", "handbook.pdf"), eq("sourceName", "faq.pdf")), eq("recordTitle", "Travel policy")),
      }),
    }),
  },
  updateChunk: {
    wire: ["updateChunk"],
    run: (c) => body(c.chunks.update(botId, chunkId, { chunkText: "Economy class is booked for flights under eight hours.", pageNumber: 12, chunkMeta: { reviewed: true } })),
  },
  deleteChunksById: {
    // Two ids in batches of one: two requests, whose totals the wrapper sums.
    wire: ["deleteChunksById", "deleteChunksById"],
    run: async (c) => ({ kind: "deleteTotals", value: await c.chunks.delete(botId, [chunkId, "chk-0000aaaa-1111-4bbb-8ccc-2222dddd3333"], { batchSize: 1 }) }),
  },
  startImportSession: {
    wire: ["startImportSession", "uploadImportChunk", "uploadImportChunk", "completeImportSession"],
    run: async (c) => ({
      kind: "import",
      // fileExtension is given although the Node entry's type marks it optional: with a Blob
      // (not a path) the client does not derive it from fileName, and refuses the call without it.
      // The session Prism hands out (importSessionStarted) expires in 2099 on purpose: the engine
      // sends no chunk into a session about to expire.
      value: await c.models.import({ source: modelSource(), fileName: "support-model.tar", fileExtension: "tar", ...importTransfer }),
    }),
  },
  uploadImportChunk: {
    // Resuming a session where no chunk is in yet: the chunks and the completion, no new session.
    wire: ["uploadImportChunk", "uploadImportChunk", "completeImportSession"],
    run: async (c) => ({ kind: "import", value: await c.models.resumeImport(importState([]), { source: modelSource(), retryDelayMs: 0 }) }),
  },
  completeImportSession: {
    // Resuming a session whose chunks are all in: the completion alone.
    wire: ["completeImportSession"],
    run: async (c) => ({ kind: "import", value: await c.models.resumeImport(importState([0, 1]), { source: modelSource() }) }),
  },
  deployModel: {
    wire: ["deployModel"],
    run: (c) =>
      job(
        c.models.deploy(
          modelId,
          {
            name: "support-model",
            isDeployedPreviously: false,
            hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40, stopSequence: ["</answer>"] },
            scalingParameters: { maxBatchSize: 16, minReplicas: 1, maxReplicas: 4, scaleUpDelay: 500, scaleDownDelay: 1000 },
            deviceType: "g5.xlarge",
            optimizationInfo: { optimizationType: "vllm", quantizationType: "no_quantization" },
          },
          { modelType: "openSource" },
        ),
      ),
  },
  undeployModel: {
    wire: ["undeployModel"],
    run: (c) => job(c.models.undeploy(modelId)),
  },
  exportModel: {
    wire: ["exportModel"],
    run: (c) => job(c.models.export(modelId)),
  },
  importTool: {
    // The composed flow: the three files through Upload File, then Import Tool with their ids.
    wire: ["uploadFile", "uploadFile", "uploadFile", "importTool"],
    run: (c) =>
      job(
        c.tools.importFromFiles({
          toolName: "Order lookup",
          toolData: { source: new Blob(['{"tool":"order-lookup"}'], { type: "application/json" }), fileName: "tool-data.json" },
          flowData: { source: new Blob(['{"flow":[]}'], { type: "application/json" }), fileName: "flow-data.json" },
          envVariables: { source: new Blob(['{"REGION":"eu"}'], { type: "application/json" }), fileName: "env-variables.json" },
        }),
      ),
  },
  importIntoTool: {
    wire: ["importIntoTool"],
    run: (c) =>
      job(
        c.tools.importInto(toolId, {
          toolDataFileId: "67d3f0a2b4c5d6e7f8091a3b",
          flowDataFileId: "67d3f0a2b4c5d6e7f8091a3c",
          envVariablesFileId: "67d3f0a2b4c5d6e7f8091a3d",
        }),
      ),
  },
  exportTool: {
    wire: ["exportTool"],
    run: (c) => job(c.tools.export(toolId, { flowId: "flow-1" })),
  },
  deployTool: {
    wire: ["deployTool"],
    run: (c) => job(c.tools.deploy(toolId, { isAsync: true })),
  },
  undeployTool: {
    wire: ["undeployTool"],
    run: (c) => job(c.tools.undeploy(toolId)),
  },
  deployGuardrail: {
    wire: ["deployGuardrail"],
    run: (c) => job(c.guardrails.deploy("Toxicity")),
  },
  undeployGuardrail: {
    wire: ["undeployGuardrail"],
    run: (c) => job(c.guardrails.undeploy("Ban topics")),
  },
  uploadAttachment: {
    wire: ["uploadAttachment"],
    run: (c) =>
      body(
        c.attachments.upload(appId, envName, {
          file: new Blob(["%PDF-1.4 invoice"], { type: "application/pdf" }),
          fileName: "invoice.pdf",
          userReference: "user-42",
        }),
      ),
  },
  deleteAttachment: {
    // With a session: the optional multipart body the spec describes goes out on the DELETE.
    wire: ["deleteAttachment"],
    run: (c) => body(c.attachments.delete(appId, envName, fileId, { sessionId })),
  },
  getDockStatus: {
    wire: ["getDockStatus"],
    run: (c) => job(c.jobs.get(dockStatusId)),
  },
  uploadFile: {
    // Under 25 MB: one multipart request, no session.
    wire: ["uploadFile"],
    run: async (c) => ({
      kind: "uploadedFile",
      value: await c.files.upload({ source: new Blob(['{"tool":"order-lookup"}'], { type: "application/json" }), fileName: "tool-data.json" }),
    }),
  },
};

/**
 * The APIError a call failed with: thrown as is, or as the cause of the ImportError an import
 * stops with when a chunk or a transient completion failure ends it. Else the error itself.
 */
export function apiErrorIn(error: unknown): unknown {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof APIError) return current;
  }
  return error;
}
