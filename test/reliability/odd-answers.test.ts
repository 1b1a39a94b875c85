// Answers no real service should send, and what they must never do to a call: hang past its
// timeout, fill the memory, or escape as something other than the client's own errors. Both
// entries: the portable one over fetch and the Node one over undici.
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildNodePlatformClient } from "../../src/node/node-client.js";
import { buildPlatformClient } from "../../src/wrappers/client.js";
import { PlatformError, ResponseTooLargeError, TimeoutError } from "../../src/kernel/errors.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";

const KEY = "odd-answers-key-0123";
const JOB = { dockStatusId: "ds-1", status: "SUCCESS" };
let server: LocalServer;

beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(async () => {
  await server.close();
});

const entries = {
  portable: (options: Record<string, unknown>) => buildPlatformClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 0, ...options }),
  node: (options: Record<string, unknown>) => buildNodePlatformClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 0, ...options }),
};

// The second answer on the connection; the first is a good one, so the bad one comes on a reused connection.
function secondAnswer(bad: Parameters<LocalServer["handler"]>[1] extends infer R ? (res: R) => void : never) {
  let calls = 0;
  server.handler = (_req, res) => (++calls === 1 ? res.end(JSON.stringify(JOB)) : bad(res));
}

describe.each(Object.entries(entries))("the %s entry", (_, make) => {
  it("ends a call whose body stalls after the headers when its timeout passes", async () => {
    secondAnswer((res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.write(gzipSync(JSON.stringify(JOB)).subarray(0, 12));
    });
    const client = make({ timeoutMs: 300 });
    await client.jobs.get("ds-1");
    const error = await client.jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("answers a corrupt gzip body with one of the client's errors", async () => {
    secondAnswer((res) => {
      const corrupt = Buffer.concat([gzipSync("{}").subarray(0, 10), Buffer.alloc(64, 0xff)]);
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": corrupt.length });
      res.end(corrupt);
    });
    const client = make({ timeoutMs: 2_000 });
    await client.jobs.get("ds-1");
    const error = await client.jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });
});

describe("the portable entry with a fetch of the caller's", () => {
  it("ends the call at its timeout even when the body read ignores the signal", async () => {
    // A body that never ends and that no signal reaches: only the client's own deadline can stop the read.
    const fetch = async () => new Response(new ReadableStream({ pull: () => new Promise<void>(() => {}) }), { status: 200, headers: { "content-type": "application/json" } });
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: KEY, maxRetries: 0, timeoutMs: 200, fetch: fetch as typeof globalThis.fetch });
    const error = await client.jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe.each(Object.entries(entries))("one AbortSignal shared by many calls, on the %s entry", (_, make) => {
  it("puts one listener on it, however many calls run at once, and none is left when they settle", async () => {
    server.handler = (_req, res) => setTimeout(() => res.end(JSON.stringify(JOB)), 20);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const controller = new AbortController();
    const added: string[] = [];
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((type: string, ...rest: unknown[]) => {
      added.push(type);
      return (add as (...a: unknown[]) => void)(type, ...rest);
    }) as typeof controller.signal.addEventListener;
    try {
      const client = make({});
      const calls = Array.from({ length: 25 }, () => client.jobs.get("ds-1", { signal: controller.signal }));
      const waits = Array.from({ length: 5 }, () => client.jobs.wait("ds-1", { signal: controller.signal, minDelayMs: 1 }));
      await Promise.all([...calls, ...waits]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((w) => w.name)).toEqual([]);
      expect(added).toEqual(["abort"]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe.each(Object.entries(entries))("an answer larger than maxResponseBytes, on the %s entry", (_, make) => {
  // 256 MiB streamed without a length, in 1 MiB pieces: the client must stop long before the end.
  function endlessAnswer() {
    let sent = 0;
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (sent < 256 && res.write(piece)) sent++;
        if (sent >= 256) res.end();
        else res.once("drain", more);
      };
      res.on("close", () => res.removeAllListeners("drain"));
      more();
    };
    return () => sent;
  }

  it("is refused with a PlatformError naming the limit, after reading no more than about the limit", async () => {
    const sentMiB = endlessAnswer();
    const client = make({ maxResponseBytes: 4 * 1024 * 1024, maxRetries: 2 });
    const before = process.memoryUsage().rss;
    const error = await client.jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ operationId: "getDockStatus", limitBytes: 4 * 1024 * 1024 });
    expect((error as Error).message).toContain("maxResponseBytes");
    // Refused once (a retry would be answered the same way), and the body was not read to its end.
    expect(sentMiB()).toBeLessThan(256);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
  });

  it("declared too large by its content-length, is refused before its body is read, and never retried", async () => {
    let requests = 0;
    server.handler = (_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json", "content-length": String(600 * 1024 * 1024) });
      res.write("{");
    };
    const client = make({ maxResponseBytes: 1024 * 1024, maxRetries: 2 });
    const error = await client.jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(requests).toBe(1);
  });

  it("is 64 MiB unless set", async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(64 * 1024 * 1024 + 1) });
      res.write("{");
    };
    const error = await make({}).jobs.get("ds-1").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ResponseTooLargeError", limitBytes: 64 * 1024 * 1024 });
  });

  it("the option is checked when the client is made", () => {
    expect(() => make({ maxResponseBytes: 0 })).toThrow(/maxResponseBytes must be a positive integer/);
    expect(() => make({ maxResponseBytes: "1MB" })).toThrow(/maxResponseBytes/);
  });
});
