// The TypeScript sample of each operation: which method of the client calls it and how the
// operation's inputs map onto that method's arguments. Keyed by every OperationId, so an operation
// added to the spec does not compile until it has a sample; the values come from the spec's
// examples (./sample-inputs.mjs), and test/docs/code-samples.test.ts type-checks every sample
// against the client's sources under strict settings, so a changed signature fails there.
import type { OperationId } from "../../../src/generated/operations.js";
import { tsLiteral } from "./literals.mjs";
import { IMPORT_SOURCE, localFileOf, STAND_INS, type SampleInputs } from "./sample-inputs.mjs";

/** The statements after the client is made: the call, and what it returns printed. */
type ClientCall = (x: SampleInputs) => string;

const lit = (value: unknown) => tsLiteral(value);
/** Only the keys given, of the example body: an options object of the client built from it. */
const pick = (body: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => body?.[key] !== undefined).map((key) => [key, body![key]]));
const field = (x: SampleInputs, key: string) => x.body?.[key];
const printed = (name: string, call: string) => `const ${name} = await ${call};\nconsole.log(${name});`;

// The three steps of an import session are one call of the client, which numbers and uploads
// the chunks, resumes and waits: each step's sample shows that call and says which part it is.
const importStep = (step: string) => (x: SampleInputs) => {
  const settings = { source: IMPORT_SOURCE, ...pick(x.operationId === "startImportSession" ? x.body : undefined, ["fileName", "isAdapter"]) };
  return `// ${step}\n${printed("imported", `client.models.import(${lit(settings)})`)}`;
};

const CLIENT_CALLS: Readonly<Record<OperationId, ClientCall>> = {
  listConnections: (x) => printed("connections", `client.connections.list(${Object.keys(x.query).length > 0 ? lit(x.query) : ""})`),
  createConnection: (x) => printed("connection", `client.connections.create(${lit(x.body)})`),
  getConnection: (x) => printed("connection", `client.connections.get(${lit(x.params.connectionId)})`),
  replaceConnection: (x) => printed("connection", `client.connections.replace(${lit(x.params.connectionId)}, ${lit(x.body)})`),
  updateConnection: (x) => printed("connection", `client.connections.update(${lit(x.params.connectionId)}, ${lit(x.body)})`),
  // Inline, so the filter's literals keep their types (a variable would widen "and" to string).
  listChunks: (x) =>
    [
      "// Every page, one chunk at a time: the client follows nextCursor.",
      `for await (const chunk of client.chunks.list(${lit(x.params.botId)}, ${lit(pick(x.body, ["filters", "enableFilters"]))})) {`,
      "  console.log(chunk.chunkId, chunk.chunkTitle);",
      "}",
    ].join("\n"),
  updateChunk: (x) => printed("outcome", `client.chunks.update(${lit(x.params.botId)}, ${lit(x.params.chunkId)}, ${lit(x.body)})`),
  deleteChunksById: (x) => printed("totals", `client.chunks.delete(${lit(x.params.botId)}, ${lit(field(x, "chunkId"))})`),
  startImportSession: importStep("Starts the import session, uploads every chunk and completes the session."),
  uploadImportChunk: importStep("Uploads each numbered chunk, after starting the session and before completing it."),
  completeImportSession: importStep("Completes the session once every chunk is uploaded; the answer is the import's job."),
  deployModel: (x) => printed("job", `client.models.deploy(${lit(x.params.modelId)}, ${lit(x.body)}, ${lit(x.query)})`),
  undeployModel: (x) => printed("job", `client.models.undeploy(${lit(x.params.modelId)})`),
  exportModel: (x) => printed("job", `client.models.export(${lit(x.params.modelId)})`),
  importTool: (x) => printed("job", `client.tools.import(${lit(x.body)})`),
  importIntoTool: (x) => printed("job", `client.tools.importInto(${lit(x.params.toolId)}, ${lit(x.body)})`),
  exportTool: (x) => printed("job", `client.tools.export(${lit(x.params.toolId)}, ${lit(x.query)})`),
  deployTool: (x) => printed("job", `client.tools.deploy(${lit(x.params.toolId)}, ${lit(x.body)})`),
  undeployTool: (x) => printed("job", `client.tools.undeploy(${lit(x.params.toolId)})`),
  deployGuardrail: (x) => printed("job", `client.guardrails.deploy(${lit(field(x, "name"))})`),
  undeployGuardrail: (x) => printed("job", `client.guardrails.undeploy(${lit(field(x, "name"))})`),
  uploadAttachment: (x) =>
    printed("attachment", `client.attachments.upload(${lit(x.params.appId)}, ${lit(x.params.envName)}, ${lit(pick(x.body, ["file", "userReference"]))})`),
  deleteAttachment: (x) =>
    printed(
      "deleted",
      `client.attachments.delete(${lit(x.params.appId)}, ${lit(x.params.envName)}, ${lit(x.params.fileId)}${x.body ? `, ${lit(x.body)}` : ""})`,
    ),
  getDockStatus: (x) => printed("job", `client.jobs.get(${lit(x.params.dockStatusId)})`),
  uploadFile: (x) => printed("file", `client.files.upload(${lit({ source: field(x, "file"), ...pick(x.body, ["fileContext"]) })})`),
};

const CREDENTIAL_OPTION = {
  apiKey: 'apiKey: process.env["PLATFORM_API_KEY"]',
  jwtAuth: 'jwt: process.env["PLATFORM_JWT"]',
} as const;

/** The whole TypeScript sample: the client made with the operation's credential, a stand-in for the file it sends, then the call. */
export function clientSample(inputs: SampleInputs): string {
  const file = localFileOf(inputs, "client") as keyof typeof STAND_INS | undefined;
  const standIn = file === undefined ? [] : [`await writeFile(${lit(file)}, ${STAND_INS[file].ts}); // stands for ${STAND_INS[file].what}`];
  return [
    ...(file === undefined ? [] : ['import { writeFile } from "node:fs/promises";']),
    'import { createPlatformClient } from "@platform/management-client/node";',
    "",
    `const client = createPlatformClient({ baseUrl: process.env["PLATFORM_BASE_URL"], ${CREDENTIAL_OPTION[inputs.security]} });`,
    "",
    ...standIn,
    CLIENT_CALLS[inputs.operationId](inputs),
  ].join("\n");
}
