// `client.raw` loads openapi-fetch on first use. Until then it stands in with the same methods,
// and what a caller does with it in order (use a middleware, then request) happens in order.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createCore } from "../../src/wrappers/core.js";
import { fakeFetch, json } from "../support/fake-fetch.js";

const options = (fetch: typeof globalThis.fetch) => ({ baseUrl: "http://127.0.0.1:9", apiKey: "key-0123456789abcdef", fetch });

describe("the raw client", () => {
  it("applies a middleware registered before the first request, and drops it once ejected", async () => {
    const { fetch, sent } = fakeFetch(() => json({ connections: [], total: 0 }));
    const core = createCore(options(fetch));
    const tag: Middleware = {
      onRequest({ request }) {
        request.headers.set("x-trace", "t-1");
        return request;
      },
    };
    core.raw.use(tag);
    const first = await core.raw.GET("/api/public/connections");
    core.raw.eject(tag);
    await core.raw.GET("/api/public/connections");
    expect(first.data).toEqual({ connections: [], total: 0 });
    expect(sent.map((s) => s.headers["x-trace"])).toEqual(["t-1", undefined]);
  });

  it("sends through the client's transport: a retry-safe call is repeated after a 503", async () => {
    const { fetch, sent } = fakeFetch((_request, _sent, index) => (index === 0 ? json({}, { status: 503 }) : json({ connections: [], total: 0 })));
    const core = createCore(options(fetch), { sleep: async () => {} });
    const { response } = await core.raw.GET("/api/public/connections");
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it("refuses a path that is not an operation of the spec, sending nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore(options(fetch));
    // @ts-expect-error: not a path of the spec
    await expect(core.raw.GET("/api/public/unknown")).rejects.toThrow("is not an operation of the spec");
    expect(sent).toHaveLength(0);
  });
});
