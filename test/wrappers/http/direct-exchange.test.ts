// A fetch that carries a direct exchange (src/wrappers/http/sender.ts): the attempt's signal the
// exchange gets is a light one, and whatever is read as a fetch's Response after all (a request
// the exchange declines, an answer it hands back as a Response) is under a real AbortSignal
// that the attempt's timeout and the caller's signal still end.
import { describe, expect, it } from "vitest";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { DIRECT_EXCHANGE, type DirectExchange } from "../../../src/wrappers/http/sender.js";

const API_KEY = "key-0123456789abcdef";
const CN = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const CONNECTION = { connectionId: CN, connectionName: "c", provider: "PROVIDER_ONE", status: "ACTIVE", createdOn: "2025-01-01T00:00:00.000Z" };

/** A body that never ends until `signal` fires, then errors with its reason, as a fetch's does. */
function endless(signal: AbortSignal): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("{"));
      signal.addEventListener("abort", () => controller.error(signal.reason), { once: true });
    },
  });
}

function client(fetch: typeof globalThis.fetch, timeoutMs = 100) {
  return buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch, timeoutMs, maxRetries: 0 });
}

describe("a fetch with a direct exchange", () => {
  it("answers through the exchange, whose signal can be checked and listened to", async () => {
    const seen: unknown[] = [];
    const exchange: DirectExchange = async (request, signal) => {
      signal.throwIfAborted();
      seen.push(request.url, signal.aborted);
      return { status: 200, statusText: "OK", headers: new Headers({ "content-type": "application/json" }), body: new TextEncoder().encode(JSON.stringify(CONNECTION)) };
    };
    const fetch = Object.assign(async () => {
      throw new Error("the fetch itself must not be called");
    }, { [DIRECT_EXCHANGE]: exchange });
    expect(await client(fetch).connections.get(CN)).toMatchObject({ connectionId: CN });
    expect(seen).toEqual([`http://127.0.0.1:9/api/public/connections/${CN}`, false]);
  });

  it("gives the fetch a real AbortSignal, ended by the attempt's timeout, when the exchange declines", async () => {
    const signals: unknown[] = [];
    const fetch = Object.assign(
      async (_input: RequestInfo | URL, init?: RequestInit) => {
        const signal = init!.signal!;
        signals.push(signal);
        return new Response(endless(signal), { headers: { "content-type": "application/json" } });
      },
      { [DIRECT_EXCHANGE]: (() => undefined) satisfies DirectExchange },
    );
    await expect(client(fetch).connections.get(CN)).rejects.toMatchObject({ name: "TimeoutError" });
    expect(signals).toHaveLength(1);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect((signals[0] as AbortSignal).aborted).toBe(true);
  });

  it("reads an answer the exchange hands back as a Response under the caller's signal", async () => {
    const controller = new AbortController();
    const exchange: DirectExchange = async () => {
      // The caller gives up once the client has started reading the body, which never ends.
      const body = new ReadableStream<Uint8Array>({
        pull() {
          controller.abort(new Error("stop"));
          return new Promise(() => {});
        },
      });
      return { response: new Response(body) };
    };
    const fetch = Object.assign(async () => new Response("{}"), { [DIRECT_EXCHANGE]: exchange });
    await expect(client(fetch, 60_000).connections.get(CN, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
