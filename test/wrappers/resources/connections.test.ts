// connections.replace as the live service takes it: the reference's replace (PUT) samples leave
// `provider` out, since a connection's provider cannot change (discrepancy
// replace-connection-without-provider). The client sends such a body as given, adds nothing, and
// still refuses a provider other than API before anything is sent.
import { describe, expect, it } from "vitest";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import type { ReplaceConnectionRequest } from "../../../src/wrappers/resources/connections.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";
import { rejectedValidationError } from "../../support/validation-issues.js";

const CONNECTION = "cn-3b8e1f0a-6c2d-4e9f-a7b1-5d4c3e2f1a09";
const ANSWER = { connectionId: CONNECTION, connectionName: "Ticket summariser", provider: "API", status: "FINALIZED", modifiedOn: "2025-04-03T09:12:44.102Z" };

function recording() {
  const { fetch, sent } = fakeFetch(() => json(ANSWER));
  const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: "key-0123456789abcdef", fetch }, { sleep: async () => {} });
  return { client, sent };
}

// One body per custom type, without `provider`, as the reference's two replace samples are.
const WITHOUT_PROVIDER: Record<string, ReplaceConnectionRequest> = {
  "Default Provider": {
    connectionName: "Ticket summariser",
    endpointUrl: "https://llm.internal.invalid/v1/generate",
    payload: { input: "{{prompt}}" },
    outputPath: "result.text",
    status: "FINALIZED",
  },
  "Existing Provider": {
    connectionName: "Hosted chat model",
    endpointUrl: "https://chat.internal.invalid/v1/messages",
    mapProvider: "anthropicModel",
    IOMappings: ["textToText"],
    status: "FINALIZED",
  },
};

describe("connections.replace", () => {
  it.each(Object.entries(WITHOUT_PROVIDER))("sends a %s connection without provider as given", async (_type, body) => {
    const { client, sent } = recording();
    await expect(client.connections.replace(CONNECTION, body)).resolves.toEqual(ANSWER);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "PUT", path: `/api/public/connections/${CONNECTION}` });
    expect(JSON.parse(sent[0]!.body)).toEqual(body);
  });

  it("still sends provider API when the caller gives it", async () => {
    const { client, sent } = recording();
    await client.connections.replace(CONNECTION, { ...WITHOUT_PROVIDER["Existing Provider"]!, provider: "API" });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ provider: "API" });
  });

  it("refuses a provider other than API, naming it, and sends nothing", async () => {
    const { client, sent } = recording();
    // @ts-expect-error: a custom connection's provider can only be API
    const body: ReplaceConnectionRequest = { ...WITHOUT_PROVIDER["Existing Provider"]!, provider: "PROVIDER_ONE" };
    const error = await rejectedValidationError(() => client.connections.replace(CONNECTION, body));
    expect(error.issues.map((i) => i.field)).toContain("provider");
    expect(sent).toEqual([]);
  });

  it("refuses a replace that lacks what its type needs, without provider too", async () => {
    const { client, sent } = recording();
    const { mapProvider: _gone, ...incomplete } = WITHOUT_PROVIDER["Existing Provider"] as Record<string, unknown>;
    const error = await rejectedValidationError(() => client.connections.replace(CONNECTION, incomplete as never));
    expect(error.message).toMatch(/mapProvider|payload/);
    expect(sent).toEqual([]);
  });
});
