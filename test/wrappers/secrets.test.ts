// API keys and JWTs never appear in an error's message, JSON or inspected form, nor in what the
// logger is given, whatever path the error took.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { buildNodePlatformClient } from "../../src/node/node-client.js";
import { buildPlatformClient as createPlatformClient } from "../../src/wrappers/client.js";
import { ConfigurationError } from "../../src/kernel/errors.js";
import { fakeFetch, json } from "../support/fake-fetch.js";
import { rejectedValidationError } from "../support/validation-issues.js";

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
    const missing = await rejectedValidationError(client.chunks.delete("st-1", ["chk-1"]), ConfigurationError);
    expectNoSecret(forms(missing));
  });

  it("client.redact masks the client's own credentials, a fetched JWT included, and nothing else", async () => {
    const { fetch } = fakeFetch(() => json({ count: 0, chunks: [], hasMore: false }));
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: async () => JWT, fetch });
    expect(client.redact(`key=${API_KEY}`)).toBe("key=[redacted]");
    // A JWT from a function is known once it has been fetched for a call.
    expect(client.redact(JWT)).toBe(JWT);
    await client.chunks.list("st-1");
    expect(client.redact(`auth: ${JWT}; ok`)).toBe("auth: [redacted]; ok");
    expect(client.redact("nothing secret here")).toBe("nothing secret here");
  });

  it("the client object itself does not show its credentials", () => {
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT });
    expectNoSecret([inspect(client, { depth: 6 })]);
  });
});

// Everything that comes from the network passes the redactor before it reaches an error: a
// request-id header, a 2xx body quoted by an error, a cursor, an echoed provider secret. Both
// entries: the portable one over fetch, the Node one over its own sender and a real socket.
describe("echoed secrets, whatever part of the answer carries them", () => {
  const PROVIDER_KEY = "sk-provider-0123456789SECRET";
  const HEADER_SECRET = "Bearer header-secret-0123456789";
  const all = [API_KEY, JWT, PROVIDER_KEY, HEADER_SECRET];
  const expectNone = (texts: string[]) => {
    for (const text of texts) for (const secret of all) expect(text).not.toContain(secret);
  };

  // What the service answers, by path: each puts a secret where a client would quote it. Every
  // answer echoes the client's credentials and the request's own body, and with it the provider
  // secrets a connection's creation carries.
  function answer(path: string, status: number, requestBody = "") {
    const echo = `${API_KEY} ${JWT} ${requestBody}`;
    const headers = { "content-type": "application/json", "x-request-id": `req-${API_KEY}`, "x-correlation-id": JWT };
    if (path.includes("dock-status")) return { status: 200, headers, body: { _id: "ds-1", status: "FAILED", jobType: "MODELS", note: echo } };
    if (path.includes("chunk/list")) return { status: 200, headers, body: { count: 0, chunks: [], hasMore: true, nextCursor: `c-${JWT}` } };
    if (path.includes("guardrails")) return { status: 200, headers, body: { weird: echo } };
    return { status, headers, body: { errors: [{ msg: `rejected ${echo}`, code: 4002 }] } };
  }

  const customConnection = {
    provider: "API" as const,
    connectionName: "c",
    endpointUrl: "https://llm.invalid",
    headers: [{ key: "Authorization", value: HEADER_SECRET }],
    mapProvider: "openAIModel" as const,
  };

  async function failures(client: ReturnType<typeof createPlatformClient>) {
    const caught = (p: Promise<unknown>) => p.then(() => expect.unreachable("should fail"), (e: unknown) => e as Error);
    return [
      // Every APIError status the client has a class for, and one it has not.
      ...(await Promise.all([400, 401, 403, 404, 409, 422, 429, 500, 503, 418].map((status) => caught(client.connections.get(`cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e${String(status).padStart(4, "0")}`))))),
      await caught(client.connections.create({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: PROVIDER_KEY } })),
      await caught(client.connections.create(customConnection)),
      // A 2xx body quoted by UnexpectedResponseError, and a failed job's raw record.
      await caught(client.guardrails.deploy("Toxicity")),
      await caught(client.jobs.wait("ds-1", { minDelayMs: 0, maxDelayMs: 0 })),
      // A cursor that comes back: PaginationLoopError quotes it.
      await caught(client.chunks.list("st-1").toArray()),
    ];
  }

  it("the portable entry", async () => {
    const { fetch } = fakeFetch((_request, sent) => {
      const status = Number(/\/connections\/.*(\d{4})$/.exec(sent.path)?.[1] ?? 400);
      const reply = answer(sent.path, status, sent.body);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
    });
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch, maxRetries: 0 });
    const errors = await failures(client);
    expect(errors.map((e) => e.name)).toEqual(
      expect.arrayContaining(["BadRequestError", "RateLimitError", "APIError", "UnexpectedResponseError", "JobFailedError", "PaginationLoopError"]),
    );
    for (const error of errors) expectNone(forms(error));
    // The request id is kept, masked.
    expect((errors[0] as { requestId?: string }).requestId).toBe("req-[redacted]");
  });

  it("the Node entry, over a real socket", async () => {
    const server = createServer((req, res) => {
      const status = Number(/\/connections\/.*(\d{4})$/.exec(req.url ?? "")?.[1] ?? 400);
      const pieces: Buffer[] = [];
      req.on("data", (piece: Buffer) => pieces.push(piece));
      req.on("end", () => {
        const reply = answer(req.url ?? "", status, Buffer.concat(pieces).toString());
        res.writeHead(reply.status, reply.headers).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const { port } = server.address() as AddressInfo;
      const client = buildNodePlatformClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, jwt: JWT, maxRetries: 0 });
      const errors = await failures(client as unknown as ReturnType<typeof createPlatformClient>);
      expect(errors).toHaveLength(15);
      for (const error of errors) expectNone(forms(error));
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});

describe("every form a secret takes in text is masked", () => {
  // A key read from a service-account JSON or a PEM file: quotes, slashes, a plus, several lines.
  const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC+/k"quoted"\nYzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm9w\n-----END PRIVATE KEY-----\n';
  const encodedForms = (secret: string) => {
    const bytes = Buffer.from(secret);
    return [
      JSON.stringify(secret),
      JSON.stringify(secret).replace(/\//g, "\\/"),
      encodeURIComponent(secret),
      new URLSearchParams({ k: secret }).toString(),
      bytes.toString("base64"),
      bytes.toString("base64url"),
      // Inside a longer encoded text, at each of the three byte offsets (Basic auth's "user:key").
      Buffer.from(`u:${secret}`).toString("base64"),
      Buffer.from(`us:${secret}`).toString("base64"),
      Buffer.from(`use:${secret}`).toString("base64"),
    ];
  };
  const residue = (masked: string, secret: string) => {
    const found: string[] = [];
    for (const line of secret.split("\n").filter((l) => l.length >= 8)) if (masked.includes(line)) found.push(line);
    return found;
  };

  it("masks the literal, JSON-escaped, URL-encoded and base64 forms, and a multi-line secret line by line", async () => {
    const { Redactor } = await import("../../src/kernel/redactor.js");
    const redactor = new Redactor();
    redactor.add(PEM);
    redactor.add(API_KEY);
    for (const secret of [PEM, API_KEY]) {
      for (const form of encodedForms(secret)) {
        const masked = redactor.text(`the platform said: ${form} (end)`);
        expect(masked, form).toContain("[redacted]");
        // What is left of the form once masked must not hold the secret or any of its encodings' cores.
        for (const other of [secret, ...encodedForms(secret).slice(0, 4)]) expect(masked).not.toContain(other);
        expect(Buffer.from(masked.replace(/[^A-Za-z0-9+/=]/g, ""), "base64").toString("latin1")).not.toContain(secret.slice(2, 20));
      }
    }
    // One line of the key, quoted on its own.
    const oneLine = redactor.text("line 2 was MIIEvQIBADANBgkqhkiG9w0BAQEFAASC+/k\"quoted\" and line 3 YzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm9w");
    expect(residue(oneLine, PEM)).toEqual([]);
  });

  it("masks a secret that holds another whole, whichever was added first", async () => {
    const { Redactor } = await import("../../src/kernel/redactor.js");
    const inner = "sk-inner-0123456789";
    const outer = `tok.${inner}.signature-abcdef`;
    for (const order of [[inner, outer], [outer, inner]]) {
      const redactor = new Redactor();
      for (const secret of order) redactor.add(secret);
      expect(redactor.text(`auth ${outer} and key ${inner}`), order.join(" then ")).toBe("auth [redacted] and key [redacted]");
    }
  });

  it("reaches every surface: an error body echoing the key JSON-escaped, URL-encoded and in Basic auth", async () => {
    const { fetch } = fakeFetch(() =>
      json({ message: `bad ${encodeURIComponent(API_KEY)} / ${Buffer.from(`user:${API_KEY}`).toString("base64")}`, echo: JSON.stringify({ key: API_KEY }) }, { status: 401 }),
    );
    const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    const error = await client.jobs.get("ds-1").catch((e) => e);
    for (const text of forms(error)) {
      for (const form of encodedForms(API_KEY).slice(0, 6)) expect(text).not.toContain(form);
      expect(text).not.toContain(Buffer.from(`user:${API_KEY}`).toString("base64").slice(8, -4));
    }
  });
});
