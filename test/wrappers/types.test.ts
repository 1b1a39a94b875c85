// Type behaviour of the public client, checked by the compiler (see typecheck.test.ts): every
// expect-error directive below must stay an error, or tsc fails on the unused directive.
import { expect, it } from "vitest";
import { createPlatformClient, eq } from "../../src/index.js";
import type { PlatformApi } from "../../src/wrappers/request/platform-api.js";

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

// A wrapper is written the way every wrapper of src/wrappers/resources is: an openapi-fetch call
// over the generated paths, its data unwrapped by `data`. The compiler holds such a wrapper to
// the spec on both sides of the call.
async function wrapperChecks({ api, data }: PlatformApi) {
  // @ts-expect-error: a field the spec does not have in this body
  await api.POST("/api/public/guardrails/deploy", { body: { name: "Toxicity", colour: "red" } });
  // @ts-expect-error: the body's required `name` left out
  await api.POST("/api/public/guardrails/deploy", { body: {} });
  // @ts-expect-error: a required path parameter left out
  await api.GET("/api/public/connections/{connectionId}", { params: { path: {} } });
  const settings = { name: "m", hyperParameters: { temperature: 1, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "g5.xlarge" as const };
  // @ts-expect-error: the required query parameter modelType left out
  await api.POST("/api/public/models/{modelId}/deploy", { params: { path: { modelId: "cm-1" } }, body: settings });
  // @ts-expect-error: a query parameter the operation does not have
  await api.POST("/api/public/models/{modelId}/undeploy", { params: { path: { modelId: "cm-1" }, query: { modelType: "openSource" } } });
  const page = data(await api.POST("/api/public/bot/{botId}/chunk/list", { params: { path: { botId: "st-1" } }, body: {} }));
  // @ts-expect-error: a chunk page has no `total` (connection lists have)
  void page.total;
  const connection = data(await api.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: "cn-1" } } }));
  // @ts-expect-error: a read connection's status is not a number
  const status: number = connection.status;
  return status;
}

it("keeps the compile-only checks referenced", () => {
  expect(typeof compileOnly).toBe("function");
  expect(typeof wrapperChecks).toBe("function");
});
