// Type behaviour of the public client, checked by the compiler (see typecheck.test.ts): every
// expect-error directive below must stay an error, or tsc fails on the unused directive.
import { expect, it } from "vitest";
import { createPlatformClient, eq } from "../../src/index.js";

const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: "type-test-key" });

async function compileOnly() {
  // @ts-expect-error: not one of the six guardrail names
  await client.guardrails.deploy("Profanity");
  // @ts-expect-error: PROVIDER_TWO needs api_version, your_resource_name and deployment_id
  await client.connections.create({ provider: "PROVIDER_TWO", connectionName: "c", model: "m", modelType: "EASY_INTEGRATION", fields: { API_KEY: "k" } });
  // @ts-expect-error: a Default Provider custom connection needs payload and outputPath
  await client.connections.create({ provider: "API", connectionName: "c", endpointUrl: "https://x.invalid" });
  // @ts-expect-error: deviceType is an enum
  await client.models.deploy("cm-1", { name: "m", hyperParameters: { temperature: 1, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "t2.micro" }, { modelType: "openSource" });
  // @ts-expect-error: not a filterable chunk field
  eq("colour", "red");
  // @ts-expect-error: not a path of the spec
  await client.raw.GET("/api/public/unknown");
}

it("keeps the compile-only checks referenced", () => {
  expect(typeof compileOnly).toBe("function");
});
