// What the compiler refuses, the client refuses at run time too. Each case below is a call the
// types forbid (its expect-error directive must stay an error, or tsc fails on the unused
// directive: test/typecheck.test.ts), and each is also run here, as a JavaScript caller would
// make it: it must be refused with the field and rule named, and nothing may be sent.
import { describe, expect, it } from "vitest";
import { createPlatformClient, eq, PlatformError } from "../../src/index.js";
import { fakeFetch, json } from "../support/fake-fetch.js";
import { rejectedValidationError } from "../support/validation-issues.js";

const { fetch, sent } = fakeFetch(() => json({ dockStatusId: "ds-1", status: "SUCCESS" }));
const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: "type-test-key", jwt: "type.test.jwt", fetch });
const { raw } = client;
const settings = { name: "m", hyperParameters: { temperature: 1, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "g5.xlarge" as const };

// [what the types forbid, the call, the field the runtime names]
const REFUSED: Array<[string, () => unknown, string | RegExp]> = [
  // @ts-expect-error: not one of the six guardrail names
  ["a guardrail name outside the enum", () => client.guardrails.deploy("Profanity"), "name"],
  [
    "PROVIDER_TWO without api_version, your_resource_name and deployment_id",
    // @ts-expect-error: PROVIDER_TWO needs api_version, your_resource_name and deployment_id
    () => client.connections.create({ provider: "PROVIDER_TWO", connectionName: "c", model: "m", modelType: "EASY_INTEGRATION", fields: { API_KEY: "k" } }),
    "fields",
  ],
  // @ts-expect-error: a Default Provider custom connection needs payload and outputPath
  // Refused as the custom type it is nearest to: payload for Default Provider, mapProvider for Existing Provider.
  ["a custom connection without payload and outputPath", () => client.connections.create({ provider: "API", connectionName: "c", endpointUrl: "https://x.invalid" }), /payload|mapProvider/],
  // @ts-expect-error: deviceType is an enum
  ["a deviceType outside the enum", () => client.models.deploy("cm-1", { ...settings, deviceType: "t2.micro" }, { modelType: "openSource" }), "deviceType"],
  // @ts-expect-error: not a filterable chunk field
  ["a filter key that is not a chunk field", () => eq("colour", "red"), "key"],
  // @ts-expect-error: a field the spec does not have in this body
  ["a body field the spec does not have", () => raw.POST("/api/public/guardrails/deploy", { body: { name: "Toxicity", colour: "red" } }), "colour"],
  // @ts-expect-error: the body's required `name` left out
  ["a required body field left out", () => raw.POST("/api/public/guardrails/deploy", { body: {} }), "name"],
  // @ts-expect-error: a required path parameter left out
  ["a required path parameter left out", () => raw.GET("/api/public/connections/{connectionId}", { params: { path: {} } }), "connectionId"],
  // @ts-expect-error: the required query parameter modelType left out
  ["a required query parameter left out", () => raw.POST("/api/public/models/{modelId}/deploy", { params: { path: { modelId: "cm-1" } }, body: settings }), "modelType"],
];

describe("calls the types forbid are refused at run time, naming the field, with nothing sent", () => {
  it.each(REFUSED)("%s", async (_, call, field) => {
    const error = await rejectedValidationError(call);
    expect(error.issues.map((issue) => issue.field).join(" ")).toMatch(field);
    expect(sent).toHaveLength(0);
  });

  it("a path that is not the spec's is refused before anything is sent", async () => {
    // @ts-expect-error: not a path of the spec
    const error = await raw.GET("/api/public/unknown").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toContain("/api/public/unknown");
    expect(sent).toHaveLength(0);
  });
});

// Answers are typed too: these reads compile only as the spec describes them, and they run.
describe("answers are typed as the spec describes them", () => {
  it("a chunk page has no total, and a read connection's status is a string", async () => {
    const answered = createPlatformClient({
      baseUrl: "http://127.0.0.1:9",
      jwt: "type.test.jwt",
      apiKey: "type-test-key",
      fetch: fakeFetch((request) =>
        json(new URL(request.url).pathname.endsWith("/list") ? { count: 0, chunks: [], hasMore: false } : { connectionId: "cn-1", status: "ACTIVE" }),
      ).fetch,
    });
    const page = (await answered.raw.POST("/api/public/bot/{botId}/chunk/list", { params: { path: { botId: "st-1" } }, body: {} })).data!;
    // @ts-expect-error: a chunk page has no `total` (connection lists have)
    expect(page.total).toBeUndefined();
    const connection = (await answered.raw.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: "cn-00000000-0000-4000-8000-000000000001" } } })).data!;
    // @ts-expect-error: a read connection's status is not a number
    const status: number = connection.status;
    expect(typeof status).toBe("string");
  });
});
