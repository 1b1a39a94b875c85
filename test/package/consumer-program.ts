// What a user of the published package writes, kept as text: it imports the package by its name,
// which only resolves inside the consumer project the test installs it into.

/** A Node program using every typed entry point and the wrappers; prints one JSON line. */
export const CONSUMER_TS = `// A user's program, compiled against the installed package and run against the mock.
import { createPlatformClient, ValidationError, and, eq, type ChunkProgress } from "@platform/management-client/node";
import { createPlatformClient as createPortableClient, type Middleware } from "@platform/management-client";
import type { components, paths } from "@platform/management-client/types";
import { SPEC_VERSION } from "@platform/management-client/version";

type GuardrailName = components["schemas"]["GuardrailName"];
type ListConnectionsPath = keyof paths;

const baseUrl = process.env["MOCK_URL"];
const modelFile = process.env["MODEL_FILE"];
if (!baseUrl || !modelFile) throw new Error("MOCK_URL and MODEL_FILE must be set");

const client = createPlatformClient({ baseUrl, apiKey: "consumer-api-key", jwt: "consumer.jwt.token" });
// openapi-fetch middleware on every request the client makes, the import's chunks included.
const seen: string[] = [];
const tracing: Middleware = {
  onRequest({ request, schemaPath }) {
    seen.push(request.method + " " + schemaPath);
    request.headers.set("x-trace-id", "consumer-trace");
    return request;
  },
};
client.use(tracing);

const progress: ChunkProgress[] = [];
const imported = await client.models.import({ source: modelFile, chunkSize: 1024 * 1024, concurrency: 2, onProgress: (p) => progress.push(p) });
const listed = await client.connections.list({ provider: "PROVIDER_TWO", status: "ACTIVE" });

// The portable entry, and bad input refused before anything is sent.
const portable = createPortableClient({ baseUrl, apiKey: "consumer-api-key" });
let refused = "";
try {
  await portable.guardrails.deploy("Profanity" as GuardrailName);
} catch (error) {
  if (error instanceof ValidationError) refused = error.message;
}
const connectionsPath: ListConnectionsPath = "/api/public/connections";
const filter = and(eq("sourceName", "handbook.pdf"));

console.log(JSON.stringify({
  specVersion: SPEC_VERSION,
  seen,
  modelId: imported.modelId,
  jobStatus: imported.job.status,
  totalChunks: imported.state.totalChunks,
  uploadedChunks: imported.state.uploadedChunks,
  progress: progress.map((p) => p.chunksUploaded + "/" + p.totalChunks),
  connections: listed.connections.length,
  total: listed.total,
  refused,
  connectionsPath,
  filter,
}));

// Compile-time only, never called: each marked line must stay a type error.
export async function typeErrors(): Promise<void> {
  // @ts-expect-error -- not one of the six guardrail names
  await client.guardrails.deploy("Profanity");
  // @ts-expect-error -- PROVIDER_TWO needs api_version, your_resource_name and deployment_id
  await client.connections.create({ provider: "PROVIDER_TWO", connectionName: "c", model: "m", modelType: "EASY_INTEGRATION", fields: { API_KEY: "k" } });
  // @ts-expect-error -- not a path of the spec
  await client.raw.GET("/api/public/unknown", {});
}
`;

/** A Node user's compiler settings: strict, Node's module resolution, no DOM library. */
export const CONSUMER_TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    // The package's own declarations are checked too, as a user with the stricter setting would.
    skipLibCheck: false,
    noEmitOnError: true,
    outDir: "out",
  },
  files: ["consumer.ts"],
};
