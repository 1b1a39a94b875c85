// API keys and JWTs never appear in an error's message, JSON or inspected form, nor in what the
// logger is given, whatever path the error took.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { buildPlatformClient as createPlatformClient } from "../../src/wrappers/client.js";
import { ConfigurationError } from "../../src/wrappers/errors.js";
import { fakeFetch, json } from "../support/fake-fetch.js";

const API_KEY = "sk-live-0123456789abcdefSECRET";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQifQ.SECRETsignature";

function forms(error: unknown): string[] {
  return [String((error as Error).message), JSON.stringify(error), inspect(error, { depth: 10 }), String((error as Error).stack)];
}

function expectNoSecret(texts: string[]) {
  for (const text of texts) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(JWT);
  }
}

describe("secrets stay out of errors and logs", () => {
  it("an API error whose body echoes both credentials", async () => {
    const lines: unknown[] = [];
    const logger = { debug: (...a: unknown[]) => lines.push(a), info: (...a: unknown[]) => lines.push(a), warn: (...a: unknown[]) => lines.push(a) };
    const { fetch } = fakeFetch((request) =>
      json({ message: `bad key ${request.headers.get("x-api-key") ?? request.headers.get("auth")}`, echo: { key: API_KEY, jwt: JWT } }, { status: 401 }),
    );
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch, logger });
    const errors = [
      await client.jobs.get("ds-1").catch((e) => e),
      await client.chunks.delete("st-1", ["chk-1"]).catch((e) => e),
    ];
    for (const error of errors) {
      expect(error.status).toBe(401);
      expectNoSecret(forms(error));
    }
    expect(lines.length).toBeGreaterThan(0);
    expectNoSecret([JSON.stringify(lines), inspect(lines, { depth: 10 })]);
  });

  it("a JWT returned by a function, echoed in a server error after retries", async () => {
    const lines: string[] = [];
    const { fetch } = fakeFetch((request) => json({ message: `token ${request.headers.get("auth")} rejected` }, { status: 503 }));
    const client = createPlatformClient(
      { baseUrl: "http://127.0.0.1:9", jwt: async () => JWT, fetch, logger: { warn: (m) => lines.push(m), debug: (m) => lines.push(m) } },
      { sleep: async () => {} },
    );
    const error = await Promise.resolve(client.chunks.list("st-1")).catch((e) => e);
    expect(error.status).toBe(503);
    expectNoSecret([...forms(error), ...lines]);
  });

  it("connection errors and configuration errors", async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError(`fetch failed for ${API_KEY}`, { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
    });
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch }, { sleep: async () => {} });
    const error = await client.guardrails.deploy("Toxicity").catch((e) => e);
    expect(error.name).toBe("ConnectionError");
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(inspect(error)).not.toContain(API_KEY);
    const missing = await client.chunks.delete("st-1", ["chk-1"]).catch((e) => e);
    expect(missing).toBeInstanceOf(ConfigurationError);
    expectNoSecret(forms(missing));
  });

  it("the client object itself does not show its credentials", () => {
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT });
    expectNoSecret([inspect(client, { depth: 6 })]);
  });
});
