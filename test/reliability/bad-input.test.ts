// Bad input, through the public (Node) client, across every operation: each row must fail with
// a ValidationError whose issues name the field and the rule (SessionExpiredError for an expired
// session), and not one request may leave the client. The fetch records every call it gets, and
// each row waits a moment after the rejection, so a request sent in the background still counts.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformClient, type NodePlatformClient } from "../../src/node.js";
import { SessionExpiredError, type ImportState } from "../../src/index.js";
import { fakeFetch, json } from "../support/fake-fetch.js";
import { rejectedValidationError } from "../support/validation-issues.js";

const CN = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const CHK = "chk-5f2a9c3e-1b7d-4e8f-a6c2-9d0e3b4f5a61";
const CHK2 = "chk-0000aaaa-1111-4bbb-8ccc-2222dddd3333";
const CM = "cm-4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8";
const TOOL = "a-5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b";
const DS = "ds-2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const FILE_ID = "f-1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b";
const SESSION = "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c";
const BOT = "st-1a2b3c4d";
const APP = "app-1";
const ENV = "production";

let dir: string;
let emptyPath: string;
let modelPath: string;
const MODEL_SIZE = 3_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "bad-input-"));
  emptyPath = join(dir, "empty.tar");
  modelPath = join(dir, "model.tar");
  await writeFile(emptyPath, new Uint8Array(0));
  await writeFile(modelPath, new Uint8Array(MODEL_SIZE).fill(7));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// ---------- fixtures ----------

const hyper = { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 };
const settings = { name: "support-model", hyperParameters: hyper, deviceType: "g5.xlarge" };

/** Deploy settings with one part changed; `undefined` removes a key. */
function deploy(c: NodePlatformClient, patch: Record<string, unknown>, target: { modelType?: unknown; modelId?: string } = {}) {
  const body: Record<string, unknown> = { ...settings };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  const modelType = "modelType" in target ? target.modelType : "openSource";
  return c.models.deploy(target.modelId ?? CM, body as never, { modelType: modelType as never });
}
const withHyper = (c: NodePlatformClient, patch: Record<string, unknown>) => deploy(c, { hyperParameters: { ...hyper, ...patch } });
const withScaling = (c: NodePlatformClient, patch: Record<string, unknown>) => deploy(c, { scalingParameters: { minReplicas: 1, maxReplicas: 2, ...patch } });

const providerTwo = {
  provider: "PROVIDER_TWO",
  connectionName: "Cloud-hosted model",
  model: "model-large-2",
  modelType: "EASY_INTEGRATION",
  fields: { API_KEY: "example-provider-two-key", api_version: "2024-06-01", your_resource_name: "contoso-models", deployment_id: "large-2-prod" },
};
const providerOne = { provider: "PROVIDER_ONE", connectionName: "Support assistant", model: "model-large-2", fields: { API_KEY: "sk-example" } };
const apiConnection = { provider: "API", connectionName: "Internal search API", fields: { BASE_URL: "https://search.invalid/v1", API_KEY: "example-key" } };

function state(patch: Partial<ImportState> = {}): ImportState {
  return {
    version: 2,
    sessionId: SESSION,
    expirationDate: new Date(Date.now() + 3_600_000).toISOString(),
    modelId: CM,
    fileName: "model.tar",
    fileExtension: "tar",
    fileContext: "model",
    fileSize: MODEL_SIZE,
    chunkSize: 1_000,
    totalChunks: 3,
    source: { size: MODEL_SIZE, sampleBytes: 4096, samples: {} },
    uploadedChunks: [0],
    ...patch,
  };
}

const leaf = { key: "sourceName", op: "equals", value: "handbook.pdf" };
const listWith = (c: NodePlatformClient, filters: unknown) => c.chunks.list(BOT, { filters: filters as never });

const bytes = (n: number) => new Blob([new Uint8Array(n).fill(1)]);
const emptyFile = () => new File([], "empty.json");
async function* nothing(): AsyncGenerator<Uint8Array> {}

// ---------- the table ----------

interface Row {
  name: string;
  run: (c: NodePlatformClient) => unknown;
  /** Field and rule of an issue the ValidationError must carry. */
  field?: string;
  rule?: string;
  /** Another error class instead of ValidationError (checked by its own assertions). */
  expired?: boolean;
}

const rows: Row[] = [
  // Model deploy: hyperparameters
  { name: "temperature 3", run: (c) => withHyper(c, { temperature: 3 }), field: "hyperParameters.temperature", rule: "maximum" },
  { name: "temperature -0.1", run: (c) => withHyper(c, { temperature: -0.1 }), field: "hyperParameters.temperature", rule: "minimum" },
  { name: 'temperature "hot"', run: (c) => withHyper(c, { temperature: "hot" }), field: "hyperParameters.temperature", rule: "type" },
  { name: "maxTokens 513", run: (c) => withHyper(c, { maxTokens: 513 }), field: "hyperParameters.maxTokens", rule: "maximum" },
  { name: "maxTokens 1.5", run: (c) => withHyper(c, { maxTokens: 1.5 }), field: "hyperParameters.maxTokens", rule: "type" },
  { name: "topP 1.1", run: (c) => withHyper(c, { topP: 1.1 }), field: "hyperParameters.topP", rule: "maximum" },
  { name: "topK 0", run: (c) => withHyper(c, { topK: 0 }), field: "hyperParameters.topK", rule: "minimum" },
  { name: "topK 101", run: (c) => withHyper(c, { topK: 101 }), field: "hyperParameters.topK", rule: "maximum" },
  { name: "hyperParameters without topK", run: (c) => withHyper(c, { topK: undefined }), field: "hyperParameters.topK", rule: "required" },
  // Model deploy: scaling
  { name: "minReplicas 0", run: (c) => withScaling(c, { minReplicas: 0 }), field: "scalingParameters.minReplicas", rule: "minimum" },
  { name: "maxReplicas 51", run: (c) => withScaling(c, { maxReplicas: 51 }), field: "scalingParameters.maxReplicas", rule: "maximum" },
  { name: "scaleUpDelay 0", run: (c) => withScaling(c, { scaleUpDelay: 0 }), field: "scalingParameters.scaleUpDelay", rule: "minimum" },
  { name: "scaleUpDelay 1001", run: (c) => withScaling(c, { scaleUpDelay: 1001 }), field: "scalingParameters.scaleUpDelay", rule: "maximum" },
  { name: "scaleDownDelay 49", run: (c) => withScaling(c, { scaleDownDelay: 49 }), field: "scalingParameters.scaleDownDelay", rule: "minimum" },
  { name: "scaleDownDelay 2001", run: (c) => withScaling(c, { scaleDownDelay: 2001 }), field: "scalingParameters.scaleDownDelay", rule: "maximum" },
  { name: "maxBatchSize 257", run: (c) => withScaling(c, { maxBatchSize: 257 }), field: "scalingParameters.maxBatchSize", rule: "maximum" },
  { name: "minReplicas above maxReplicas (x-ordered-fields)", run: (c) => withScaling(c, { minReplicas: 5, maxReplicas: 3 }), field: "scalingParameters.minReplicas", rule: "ordered" },
  // Model deploy: other fields, query and path
  { name: "unknown deviceType", run: (c) => deploy(c, { deviceType: "g9.huge" }), field: "deviceType", rule: "enum" },
  { name: "unknown optimizationType", run: (c) => deploy(c, { optimizationInfo: { optimizationType: "tensorrt" } }), field: "optimizationInfo.optimizationType", rule: "enum" },
  {
    name: "both isDeployedPreviously spellings at once",
    run: (c) => deploy(c, { isDeployedPreviously: false, isDeployedPreviouly: false }),
    field: "body",
    rule: "not",
  },
  { name: "isDeployedPreviously not a boolean", run: (c) => deploy(c, { isDeployedPreviously: "no" }), field: "isDeployedPreviously", rule: "type" },
  { name: "missing name", run: (c) => deploy(c, { name: undefined }), field: "name", rule: "required" },
  { name: "empty name", run: (c) => deploy(c, { name: "" }), field: "name", rule: "minLength" },
  { name: "unknown modelType query", run: (c) => deploy(c, {}, { modelType: "closedSource" }), field: "modelType", rule: "enum" },
  { name: "missing modelType query", run: (c) => deploy(c, {}, { modelType: undefined }), field: "modelType", rule: "required" },
  { name: "prefix-less modelId (deploy)", run: (c) => deploy(c, {}, { modelId: "4e5f6a7b" }), field: "modelId", rule: "pattern" },
  { name: "empty modelId (undeploy)", run: (c) => c.models.undeploy(""), field: "modelId", rule: "pattern" },
  // Guardrails
  { name: "unknown guardrail name (deploy)", run: (c) => c.guardrails.deploy("Profanity" as never), field: "name", rule: "enum" },
  { name: 'wrong-case guardrail "toxicity" (deploy)', run: (c) => c.guardrails.deploy("toxicity" as never), field: "name", rule: "enum" },
  { name: 'wrong-case guardrail "ban topics" (undeploy)', run: (c) => c.guardrails.undeploy("ban topics" as never), field: "name", rule: "enum" },
  // Connections
  {
    name: "PROVIDER_TWO without deployment_id",
    run: (c) => c.connections.create({ ...providerTwo, fields: { ...providerTwo.fields, deployment_id: undefined } } as never),
    field: "fields.deployment_id",
    rule: "required",
  },
  { name: "API without BASE_URL", run: (c) => c.connections.create({ ...apiConnection, fields: { API_KEY: "k" } } as never), field: "fields.BASE_URL", rule: "required" },
  { name: "PROVIDER_ONE without model", run: (c) => c.connections.create({ ...providerOne, model: undefined } as never), field: "model", rule: "required" },
  { name: "missing connectionName", run: (c) => c.connections.create({ ...providerOne, connectionName: undefined } as never), field: "connectionName", rule: "required" },
  {
    name: "BASE_URL (an API field) on PROVIDER_ONE",
    run: (c) => c.connections.create({ ...providerOne, fields: { API_KEY: "k", BASE_URL: "https://x.invalid" } } as never),
    field: "fields.BASE_URL",
    rule: "additionalProperties",
  },
  { name: "modelType on PROVIDER_ONE", run: (c) => c.connections.create({ ...providerOne, modelType: "EASY_INTEGRATION" } as never), field: "modelType", rule: "additionalProperties" },
  { name: "model on API", run: (c) => c.connections.create({ ...apiConnection, model: "m" } as never), field: "model", rule: "additionalProperties" },
  { name: "empty API_KEY", run: (c) => c.connections.create({ ...providerOne, fields: { API_KEY: "" } } as never), field: "fields.API_KEY", rule: "minLength" },
  { name: "unknown provider", run: (c) => c.connections.create({ ...providerOne, provider: "PROVIDER_NINE" } as never), field: "provider", rule: "enum" },
  {
    name: "custom API connection (Default Provider) without outputPath",
    run: (c) => c.connections.create({ provider: "API", connectionName: "c", endpointUrl: "https://x.invalid", payload: {} } as never),
    field: "outputPath",
    rule: "required",
  },
  {
    name: "custom API connection (Existing Provider) with an unknown mapProvider",
    run: (c) => c.connections.create({ provider: "API", connectionName: "c", endpointUrl: "https://x.invalid", mapProvider: "llamaModel" } as never),
    field: "mapProvider",
    rule: "enum",
  },
  {
    name: "replace with a custom connection missing endpointUrl",
    run: (c) => c.connections.replace(CN, { provider: "API", connectionName: "c", mapProvider: "openAIModel" } as never),
    field: "endpointUrl",
    rule: "required",
  },
  { name: "null connection (create)", run: (c) => c.connections.create(null as never), field: "body", rule: "required" },
  { name: "no deploy settings (models.deploy)", run: (c) => c.models.deploy(CM, undefined as never, { modelType: "openSource" }), field: "body", rule: "required" },
  { name: "empty partial update (custom connection)", run: (c) => c.connections.update(CN, {} as never), field: "body", rule: "minProperties" },
  { name: "import into a tool with two of its three file ids", run: (c) => c.tools.importInto(TOOL, { toolDataFileId: "a", flowDataFileId: "b" } as never), field: "envVariablesFileId", rule: "required" },
  { name: "empty connectionId (get)", run: (c) => c.connections.get(""), field: "connectionId", rule: "pattern" },
  { name: "prefix-less connectionId (get)", run: (c) => c.connections.get(CN.slice(3)), field: "connectionId", rule: "pattern" },
  { name: "prefix-less connectionId (update)", run: (c) => c.connections.update(CN.slice(3), { fields: { API_KEY: "new-key" } }), field: "connectionId", rule: "pattern" },
  { name: "update with an empty API key", run: (c) => c.connections.update(CN, { fields: { API_KEY: "" } }), field: "fields.API_KEY", rule: "minLength" },
  { name: "list with an unknown provider", run: (c) => c.connections.list({ provider: "OPENAI" as never }), field: "provider", rule: "enum" },
  { name: "list with limit 0", run: (c) => c.connections.list({ limit: 0 }), field: "limit", rule: "minimum" },
  // Chunks
  { name: "empty botId (list)", run: (c) => c.chunks.list(""), field: "botId", rule: "minLength" },
  { name: "empty botId (delete)", run: (c) => c.chunks.delete("", [CHK]), field: "botId", rule: "minLength" },
  { name: "empty botId (update)", run: (c) => c.chunks.update("", CHK, { chunkText: "x" }), field: "botId", rule: "minLength" },
  { name: "empty chunkId (update)", run: (c) => c.chunks.update(BOT, "", { chunkText: "x" }), field: "chunkId", rule: "pattern" },
  { name: "prefix-less chunkId (update)", run: (c) => c.chunks.update(BOT, CHK.slice(4), { chunkText: "x" }), field: "chunkId", rule: "pattern" },
  { name: "empty update body", run: (c) => c.chunks.update(BOT, CHK, {}), field: "body", rule: "minProperties" },
  { name: "unknown update field", run: (c) => c.chunks.update(BOT, CHK, { chunkColour: "red" } as never), field: "chunkColour", rule: "additionalProperties" },
  { name: "empty chunk-id list (delete)", run: (c) => c.chunks.delete(BOT, []), field: "chunkId", rule: "minItems" },
  { name: "prefix-less chunk id in a delete", run: (c) => c.chunks.delete(BOT, [CHK, CHK2.slice(4)]), field: "chunkId.1", rule: "pattern" },
  {
    // The issue names the id's place in the caller's list (chunkId.2), not in its batch.
    name: "prefix-less chunk id in a later batch of a delete",
    run: (c) => c.chunks.delete(BOT, [CHK, CHK2, "5f2a9c3e"], { batchSize: 1 }),
    field: "chunkId.2",
    rule: "pattern",
  },
  { name: "delete batchSize 0", run: (c) => c.chunks.delete(BOT, [CHK], { batchSize: 0 }), field: "batchSize", rule: "minimum" },
  // Path segments that would reroute an authenticated request to another endpoint.
  { name: 'botId ".." (delete)', run: (c) => c.chunks.delete("..", [CHK]), field: "botId", rule: "pathSegment" },
  { name: 'botId "." (list)', run: (c) => c.chunks.list("."), field: "botId", rule: "pathSegment" },
  { name: 'appId ".." (attachment delete)', run: (c) => c.attachments.delete("..", "..", FILE_ID), field: "appId", rule: "pathSegment" },
  { name: 'envName "." (attachment upload)', run: (c) => c.attachments.upload(APP, ".", { file: bytes(5), userReference: "u" }), field: "envName", rule: "pathSegment" },
  // A misspelled option is refused, naming the option it resembles, never ignored: a listing
  // without its filter, followed by a delete, would remove the whole index.
  { name: "chunks.list with `filter` for `filters`", run: (c) => c.chunks.list(BOT, { filter: leaf } as never), field: "filter", rule: "unknownOption" },
  { name: "importModel with `chunksize` for `chunkSize`", run: (c) => c.models.import({ source: modelPath, chunksize: 1_000 } as never), field: "chunksize", rule: "unknownOption" },
  { name: "deploy with `modeltype` for `modelType`", run: (c) => c.models.deploy(CM, settings as never, { modeltype: "openSource" } as never), field: "modeltype", rule: "unknownOption" },
  {
    name: "a stray uploadType on an attachment upload",
    run: (c) => c.attachments.upload(APP, ENV, { file: bytes(5), fileName: "a.txt", userReference: "u", uploadType: "batch" } as never),
    field: "uploadType",
    rule: "unknownOption",
  },
  { name: "resume with a fileName (the state has it)", run: (c) => c.models.resumeImport(state(), { source: modelPath, fileName: "other.tar" } as never), field: "fileName", rule: "unknownOption" },
  { name: "delete with `batchsize` for `batchSize`", run: (c) => c.chunks.delete(BOT, [CHK], { batchsize: 10 } as never), field: "batchsize", rule: "unknownOption" },
  { name: "download with `signl` for `signal`", run: (c) => c.tools.downloadExport("https://files.invalid/x.zip", { signl: undefined } as never), field: "signl", rule: "unknownOption" },
  { name: "attachment delete with an unknown encoding", run: (c) => c.attachments.delete(APP, ENV, FILE_ID, { sessionId: SESSION, encoding: "xml" as never }), field: "encoding", rule: "enum" },
  // Chunk filter trees
  { name: "filter group with empty conditions", run: (c) => listWith(c, { operand: "and", conditions: [] }), field: "filters.conditions", rule: "minItems" },
  { name: 'filter operand "xor"', run: (c) => listWith(c, { operand: "xor", conditions: [leaf] }), field: "filters.operand", rule: "enum" },
  { name: 'filter op "contains"', run: (c) => listWith(c, { operand: "and", conditions: [{ ...leaf, op: "contains" }] }), field: "filters.conditions.0.op", rule: "enum" },
  { name: "filter on an unknown key", run: (c) => listWith(c, { operand: "or", conditions: [leaf, { ...leaf, key: "author" }] }), field: "filters.conditions.1.key", rule: "enum" },
  {
    name: "filter leaf with an extra key",
    run: (c) => listWith(c, { operand: "and", conditions: [{ ...leaf, caseSensitive: true }] }),
    field: "filters.conditions.0.caseSensitive",
    rule: "additionalProperties",
  },
  { name: "filter leaf with a number value", run: (c) => listWith(c, { operand: "and", conditions: [{ ...leaf, value: 12 }] }), field: "filters.conditions.0.value", rule: "type" },
  { name: "lone filter leaf with a bad op", run: (c) => listWith(c, { ...leaf, op: "startsWith" }), field: "filters.conditions.0.op", rule: "enum" },
  // Tools
  { name: "prefix-less toolId (export)", run: (c) => c.tools.export(TOOL.slice(2), { flowId: "flow-1" }), field: "toolId", rule: "pattern" },
  { name: "empty flowId (export)", run: (c) => c.tools.export(TOOL, { flowId: "" }), field: "flowId", rule: "minLength" },
  { name: "empty toolId (deploy)", run: (c) => c.tools.deploy("", { isAsync: true }), field: "toolId", rule: "pattern" },
  { name: 'isAsync "yes" (deploy)', run: (c) => c.tools.deploy(TOOL, { isAsync: "yes" as never }), field: "isAsync", rule: "type" },
  { name: "prefix-less toolId (undeploy)", run: (c) => c.tools.undeploy("5e6f7a8b"), field: "toolId", rule: "pattern" },
  { name: "empty toolName (import)", run: (c) => c.tools.import({ toolName: "", toolDataFileId: "f1", flowDataFileId: "f2" }), field: "toolName", rule: "minLength" },
  { name: "empty toolDataFileId (import)", run: (c) => c.tools.import({ toolName: "t", toolDataFileId: "", flowDataFileId: "f2" }), field: "toolDataFileId", rule: "minLength" },
  {
    name: "empty toolName (import from files)",
    run: (c) => c.tools.importFromFiles({ toolName: "", toolData: { source: bytes(10), fileName: "t.json" }, flowData: { source: bytes(10), fileName: "f.json" } }),
    field: "toolName",
    rule: "minLength",
  },
  {
    // Every file is checked before the first upload starts: toolData must not go up while
    // flowData is empty.
    name: "zero-byte flowData (import from files)",
    run: (c) => c.tools.importFromFiles({ toolName: "t", toolData: { source: bytes(10), fileName: "t.json" }, flowData: { source: new Blob([]), fileName: "f.json" } }),
    field: "flowData.source.size",
    rule: "minimum",
  },
  {
    name: "zero-byte envVariables file path (import from files)",
    run: (c) =>
      c.tools.importFromFiles({
        toolName: "t",
        toolData: { source: bytes(10), fileName: "t.json" },
        flowData: { source: bytes(10), fileName: "f.json" },
        envVariables: { source: emptyPath },
      }),
    field: "envVariables.source.size",
    rule: "minimum",
  },
  // Jobs and waiter options
  { name: "empty dockStatusId (get)", run: (c) => c.jobs.get(""), field: "dockStatusId", rule: "pattern" },
  { name: "prefix-less dockStatusId (get)", run: (c) => c.jobs.get(DS.slice(3)), field: "dockStatusId", rule: "pattern" },
  { name: "prefix-less dockStatusId (wait)", run: (c) => c.jobs.wait(DS.slice(3)), field: "dockStatusId", rule: "pattern" },
  { name: "waiter minDelayMs -1 (jobs.wait)", run: (c) => c.jobs.wait(DS, { minDelayMs: -1 }), field: "minDelayMs", rule: "minimum" },
  { name: "wait: { minDelayMs: -1 } on a guardrail deploy", run: (c) => c.guardrails.deploy("Toxicity", { wait: { minDelayMs: -1 } }), field: "wait.minDelayMs", rule: "minimum" },
  {
    name: "wait: { minDelayMs: -1 } on a model deploy",
    run: (c) => c.models.deploy(CM, settings as never, { modelType: "openSource", wait: { minDelayMs: -1 } }),
    field: "wait.minDelayMs",
    rule: "minimum",
  },
  { name: "wait: { minDelayMs: -1 } on an import", run: (c) => c.models.import({ source: modelPath, wait: { minDelayMs: -1 } }), field: "wait.minDelayMs", rule: "minimum" },
  // Checked before the files go up: a bad wait must not orphan uploaded files.
  {
    name: "wait: { minDelayMs: -1 } on a tool import from files",
    run: (c) =>
      c.tools.importFromFiles({
        toolName: "t",
        toolData: { source: bytes(10), fileName: "t.json" },
        flowData: { source: bytes(10), fileName: "f.json" },
        wait: { minDelayMs: -1 },
      }),
    field: "wait.minDelayMs",
    rule: "minimum",
  },
  {
    name: "wait: { minDelayMs: -1 } on an import into a tool from files",
    run: (c) =>
      c.tools.importInto(
        TOOL,
        {
          toolData: { source: bytes(10), fileName: "t.json" },
          flowData: { source: bytes(10), fileName: "f.json" },
          envVariables: { source: bytes(10), fileName: "e.json" },
        },
        { wait: { minDelayMs: -1 } },
      ),
    field: "wait.minDelayMs",
    rule: "minimum",
  },
  { name: "wait with a misspelt option", run: (c) => c.tools.undeploy(TOOL, { wait: { maxDelay: 5 } as never }), field: "wait.maxDelay", rule: "unknownOption" },
  { name: "wait timeoutMs 0", run: (c) => c.models.undeploy(CM, { wait: { timeoutMs: 0 } }), field: "wait.timeoutMs", rule: "exclusiveMinimum" },
  // Model import and resume
  { name: "zero-byte file (import)", run: (c) => c.models.import({ source: emptyPath }), field: "source.size", rule: "minimum" },
  { name: "zero-byte Blob (import)", run: (c) => c.models.import({ source: new Blob([]), fileName: "m.tar", fileExtension: "tar" }), field: "source.size", rule: "minimum" },
  { name: "file that does not exist (import)", run: (c) => c.models.import({ source: join(dir, "missing.tar") }), field: "path", rule: "exists" },
  { name: "chunk size 0", run: (c) => c.models.import({ source: modelPath, chunkSize: 0 }), field: "chunkSize", rule: "minimum" },
  { name: "fileExtension with its dot (.tar)", run: (c) => c.models.import({ source: modelPath, fileExtension: ".tar" }), field: "fileExtension", rule: "pattern" },
  { name: "chunk size 1.5", run: (c) => c.models.import({ source: modelPath, chunkSize: 1.5 }), field: "chunkSize", rule: "type" },
  { name: "concurrency -1", run: (c) => c.models.import({ source: modelPath, concurrency: -1 }), field: "concurrency", rule: "minimum" },
  { name: "concurrency 0", run: (c) => c.models.import({ source: modelPath, concurrency: 0 }), field: "concurrency", rule: "minimum" },
  { name: "concurrency 2.5", run: (c) => c.models.import({ source: modelPath, concurrency: 2.5 }), field: "concurrency", rule: "type" },
  { name: "retries -1", run: (c) => c.models.import({ source: modelPath, retries: -1 }), field: "retries", rule: "minimum" },
  { name: "empty fileExtension", run: (c) => c.models.import({ source: modelPath, fileExtension: "" }), field: "fileExtension", rule: "minLength" },
  {
    name: "stream source of size 0",
    run: (c) => c.models.import({ source: { stream: nothing(), size: 0 }, fileName: "m.tar", fileExtension: "tar" }),
    field: "source.size",
    rule: "minimum",
  },
  { name: "expired session on resume", run: (c) => c.models.resumeImport(state({ expirationDate: new Date(Date.now() - 60_000).toISOString() }), { source: modelPath }), expired: true },
  {
    name: "session expiring inside the safety margin on resume",
    run: (c) => c.models.resumeImport(state({ expirationDate: new Date(Date.now() + 5_000).toISOString() }), { source: modelPath }),
    expired: true,
  },
  {
    name: "resume with a file of another size",
    run: (c) => c.models.resumeImport(state({ fileSize: MODEL_SIZE + 1, totalChunks: 4 }), { source: modelPath }),
    field: "source.size",
    rule: "const",
  },
  { name: "resume with an edited totalChunks", run: (c) => c.models.resumeImport(state({ totalChunks: 9 }), { source: modelPath }), field: "state.totalChunks", rule: "const" },
  { name: "resume with concurrency 0", run: (c) => c.models.resumeImport(state(), { source: modelPath, concurrency: 0 }), field: "concurrency", rule: "minimum" },
  // Upload File
  { name: "zero-byte Blob (uploadFile)", run: (c) => c.files.upload({ source: new Blob([]), fileName: "tool.json" }), field: "source.size", rule: "minimum" },
  { name: "zero-byte file path (files.upload)", run: (c) => c.files.upload({ source: emptyPath }), field: "source.size", rule: "minimum" },
  { name: "Blob without a fileName (uploadFile)", run: (c) => c.files.upload({ source: bytes(10) }), field: "fileName", rule: "required" },
  { name: "empty fileContext (uploadFile)", run: (c) => c.files.upload({ source: bytes(10), fileName: "tool.json", fileContext: "" }), field: "fileContext", rule: "minLength" },
  {
    name: "chunk size 0 for a session-sized upload",
    run: (c) => c.files.upload({ source: { stream: nothing(), size: 30_000_000 }, fileName: "flow.json", chunkSize: 0 }),
    field: "chunkSize",
    rule: "minimum",
  },
  // Values JSON cannot carry, and addresses fetch would refuse with a bare TypeError
  {
    name: "a BigInt deep in chunkMeta",
    run: (c) => c.chunks.update(BOT, CHK, { chunkMeta: { review: { score: 10n } } } as never),
    field: "body.chunkMeta.review.score",
    rule: "json",
  },
  {
    name: "a cycle in chunkMeta",
    run: (c) => {
      const meta: Record<string, unknown> = { a: 1 };
      meta.self = meta;
      return c.chunks.update(BOT, CHK, { chunkMeta: meta });
    },
    field: "body.chunkMeta.self",
    rule: "json",
  },
  { name: "a file: download address", run: (c) => c.tools.downloadExport("file:///etc/passwd"), field: "downloadUrl", rule: "protocol" },
  { name: "a data: download address", run: (c) => c.models.downloadExport("data:text/plain,hello"), field: "downloadUrl", rule: "protocol" },
  { name: "a download address with credentials", run: (c) => c.tools.downloadExport("https://user:pass@files.invalid/x.zip"), field: "downloadUrl", rule: "credentials" },
  { name: "a download before the export finished", run: (c) => c.tools.downloadExport({ dockStatusId: DS, status: "IN_PROGRESS", raw: {} }), field: "downloadUrl", rule: "required" },
  // File names
  { name: "a Blob import without fileName (Node entry)", run: (c) => c.models.import({ source: bytes(10) } as never), field: "fileName", rule: "required" },
  { name: "an empty fileName on import", run: (c) => c.models.import({ source: modelPath, fileName: "" }), field: "fileName", rule: "minLength" },
  // Attachments
  { name: "zero-byte attachment", run: (c) => c.attachments.upload(APP, ENV, { file: emptyFile(), userReference: "user-42" }), field: "file", rule: "nonEmptyBlob" },
  { name: "zero-byte attachment file path", run: (c) => c.attachments.upload(APP, ENV, { file: emptyPath, userReference: "user-42" }), field: "file", rule: "nonEmptyBlob" },
  { name: "empty userReference", run: (c) => c.attachments.upload(APP, ENV, { file: bytes(5), userReference: "" }), field: "userReference", rule: "minLength" },
  { name: "empty appId (attachment upload)", run: (c) => c.attachments.upload("", ENV, { file: bytes(5), userReference: "u" }), field: "appId", rule: "minLength" },
  { name: "prefix-less fileId (attachment delete)", run: (c) => c.attachments.delete(APP, ENV, FILE_ID.slice(2)), field: "fileId", rule: "pattern" },
  { name: "empty fileId (attachment delete)", run: (c) => c.attachments.delete(APP, ENV, ""), field: "fileId", rule: "pattern" },
  { name: "empty sessionId (attachment delete)", run: (c) => c.attachments.delete(APP, ENV, FILE_ID, { sessionId: "" }), field: "sessionId", rule: "minLength" },
];

// One turn of the event loop: what the refused call left queued (an upload racing a failed check)
// has run by then and reached the fetch. Work left floating longer would meet the fetch's 418 later
// and end as an unhandled rejection, which fails the run.
const settle = () => new Promise((resolve) => setImmediate(resolve));

function recordingClient() {
  const recorder = fakeFetch(() => json({ message: "bad input must never reach the wire" }, { status: 418 }));
  const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: "key-0123456789abcdef", jwt: "jwt-0123456789abcdef", fetch: recorder.fetch });
  return { client, sent: recorder.sent };
}

describe("bad input is refused before anything is sent", () => {
  it("has at least 40 rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  for (const row of rows) {
    it(row.name, async () => {
      const { client, sent } = recordingClient();
      const outcome = (async () => row.run(client))();
      if (row.expired) {
        const error = await outcome.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SessionExpiredError);
        expect(error).toMatchObject({ sessionId: SESSION });
      } else {
        const { issues } = await rejectedValidationError(outcome);
        expect(issues, JSON.stringify(issues)).toContainEqual(expect.objectContaining({ field: row.field, rule: row.rule }));
        // The sentence names the field too.
        const issue = issues.find((i) => i.field === row.field && i.rule === row.rule)!;
        expect(issue.message).toContain(row.field === "body" ? "body" : row.field!);
      }
      await settle();
      expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([]);
    });
  }
});
