// Scenarios for tests: faults by rate (seeded) or by number, applied before or after the request
// takes effect; the request log; reset; and the same controls over the admin endpoint.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issuesOf, validationErrorOf } from "../../support/validation-issues.js";
import { call, eachTransport, fetchOf, withMock } from "./helpers.js";

const list = (mock: Parameters<Parameters<typeof withMock>[1]>[0]) => call(mock, "GET", "/api/public/connections").then((r) => r.status, () => "reset");

eachTransport(() => {
  describe("faults", () => {
    it("hit the n-th request of an operation with 500, 503 and 429 with Retry-After", async () => {
      await withMock({ faults: [{ operation: "listConnections", kind: "503", nth: 2 }] }, async (mock) => {
        mock.inject({ operation: "listConnections", kind: "429", nth: [3], retryAfterSeconds: 7 });
        mock.inject({ operation: "getConnection", kind: "500", nth: 1 });
        expect(await list(mock)).toBe(200);
        expect(await list(mock)).toBe(503);
        const limited = await call(mock, "GET", "/api/public/connections");
        expect(limited.status).toBe(429);
        expect(limited.headers.get("retry-after")).toBe("7");
        expect(await list(mock)).toBe(200);
        expect((await call(mock, "GET", "/api/public/connections/cn-00000000-0000-4000-8000-000000000000")).status).toBe(500);
        expect(mock.requests().map((r) => r.fault?.kind ?? "-")).toEqual(["-", "503", "429", "-", "500"]);
      });
    });

    it("pick the same requests at a rate for the same seed", async () => {
      const pattern = (seed: number) =>
        withMock({ seed, faults: [{ kind: "500", rate: 0.3 }] }, async (mock) => {
          const statuses = [];
          for (let i = 0; i < 30; i++) statuses.push(await list(mock));
          return statuses.join(",");
        });
      const first = await pattern(42);
      expect(first).toContain("500");
      expect(first).toContain("200");
      expect(await pattern(42)).toBe(first);
      expect(await pattern(43)).not.toBe(first);
    });

    it("reset the connection, before or after the request took effect", async () => {
      await withMock({}, async (mock) => {
        mock.inject({ operation: "createConnection", kind: "reset", nth: 1 });
        mock.inject({ operation: "createConnection", kind: "reset", nth: 2, after: true });
        const create = () => call(mock, "POST", "/api/public/connections", { provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "k" } });
        await expect(create()).rejects.toThrow();
        expect(mock.state().connections).toBe(0);
        await expect(create()).rejects.toThrow();
        // The second one was handled before its connection went down.
        expect(mock.state().connections).toBe(1);
      });
    });

    it("drip a slow body that still arrives whole", async () => {
      await withMock({ faults: [{ kind: "slow", nth: 1, slowMs: 200 }] }, async (mock) => {
        const started = performance.now();
        const answer = await call(mock, "GET", "/api/public/connections");
        expect(answer.body).toEqual({ connections: [], total: 0 });
        // Timers never fire early: the body cannot have come sooner than the drip allows.
        expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      });
    });

    it("refuse a bad rule naming the field and the rule", async () => {
      await withMock({}, async (mock) => {
        expect(() => mock.inject({ kind: "418" as never, nth: 1 })).toThrow(/kind must be one of 500, 503, 429, reset, slow/);
        expect(() => mock.inject({ kind: "500" })).toThrow(/needs rate or nth/);
        expect(() => mock.inject({ kind: "500", rate: 2 })).toThrow(/rate must be a number from 0 to 1/);
        expect(() => mock.inject({ kind: "500", nth: 1, operation: "nope" as never })).toThrow(/operation must be/);
        expect(() => mock.inject({ kind: "slow", nth: 1, slowMs: 1e12 })).toThrow("inject.slowMs must be at most 3600000 (one hour)");
      });
    });

    it("refuse bad scenario arguments with one ValidationError naming every issue, a misspelt key with the one it resembles", async () => {
      await withMock({}, async (mock) => {
        const rule = validationErrorOf(() => mock.inject({ kind: "418", rate: 2, nht: 1 } as never));
        expect(rule.issues).toEqual([
          { field: "inject.nht", rule: "unknownOption", message: "inject.nht is not an option; did you mean inject.nth?" },
          { field: "inject.kind", rule: "enum", message: "inject.kind must be one of 500, 503, 429, reset, slow" },
          { field: "inject.rate", rule: "range", message: "inject.rate must be a number from 0 to 1" },
        ]);
        expect(validationErrorOf(() => mock.failNextJob(0)).issues).toEqual([{ field: "count", rule: "minimum", message: "count must be >= 1 (got 0)" }]);
        expect(validationErrorOf(() => mock.failNextJob(1.5)).issues).toEqual([expect.objectContaining({ field: "count", rule: "type" })]);
        expect(issuesOf(() => mock.addExisting({ models: ["x-1"], tool: [] } as never))).toEqual([
          ["addExisting.tool", "unknownOption"],
          ["addExisting.models", "pattern"],
        ]);
        expect(mock.state()).toMatchObject({ faults: [], models: 0 });
      });
    });
  });

  describe("admin endpoint", () => {
    it("drives the same scenarios over HTTP", async () => {
      await withMock({ jobs: { polls: 5 } }, async (mock) => {
        const admin = (method: string, path: string, body?: unknown) =>
          fetchOf(mock)(`${mock.url}/__mock/${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }).then(async (r) => ({
            status: r.status,
            body: await r.json(),
          }));
        await call(mock, "POST", "/api/public/connections", { provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "k" } });
        expect((await admin("GET", "state")).body.connections).toBe(1);
        expect((await admin("GET", "requests?operationId=createConnection")).body.requests).toHaveLength(1);

        expect((await admin("POST", "jobs/fail-next", { count: 1 })).status).toBe(200);
        const job = (await call(mock, "POST", "/api/public/guardrails/deploy", { name: "Anonymize" })).body;
        expect(job.status).toBe("FAILED");

        const session = (await call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 1, fileExtension: "tar", fileName: "m.tar", fileSize: 1 })).body;
        expect((await admin("POST", `sessions/${session.sessionId}/expire`)).body).toEqual({ expired: 1 });
        expect((await admin("POST", "sessions/00000000-0000-4000-8000-000000000000/expire")).status).toBe(404);

        const fault = (await admin("POST", "faults", { operation: "listConnections", kind: "503", nth: 1 })).body;
        expect(fault.id).toMatch(/^fault-/);
        expect(await list(mock)).toBe(503);
        expect((await admin("POST", "faults", { kind: "nope", nth: 1 })).body.message).toMatch(/kind must be one of/);
        expect((await admin("DELETE", "faults")).status).toBe(200);

        expect((await admin("PUT", "jobs/timing", { polls: 0 })).status).toBe(200);
        expect((await admin("POST", "reset")).status).toBe(200);
        expect((await admin("GET", "state")).body).toMatchObject({ connections: 0, importSessions: 0, faults: [] });
        expect((await admin("GET", "requests")).body.requests).toEqual([]);
        expect((await admin("GET", "nothing")).status).toBe(404);
      });
    });
  });

  describe("admin endpoint: data, never paths", () => {
    it("refuses a chunk fixture named by path, reads no file and echoes nothing of it", async () => {
      const folder = mkdtempSync(join(tmpdir(), "mock-admin-"));
      const fixture = join(folder, "chunks.jsonl");
      writeFileSync(fixture, `${JSON.stringify({ chunkId: "chk-from-disk", chunkText: "private text on the mock's disk" })}\n`);
      const secret = join(folder, "secret.txt");
      writeFileSync(secret, "root:private-line-of-a-file\n");
      try {
        await withMock({}, async (mock) => {
          const put = (body: unknown) =>
            fetchOf(mock)(`${mock.url}/__mock/chunks`, { method: "PUT", body: JSON.stringify(body) }).then(async (r) => ({
              status: r.status,
              text: await r.text(),
            }));
          const byPath = await put(fixture);
          expect(byPath.status).toBe(400);
          expect(JSON.parse(byPath.text).message).toBe("PUT /__mock/chunks takes the chunks themselves, a JSON array (a fixture file is loaded at start-up: the chunks option or --chunks)");
          const other = await put(secret);
          expect(other.status).toBe(400);
          expect(other.text).not.toContain("private-line");
          const listed = (await call(mock, "POST", "/api/public/bot/app/chunk/list", {})).body.chunks.map((c: { chunkId: string }) => c.chunkId);
          expect(listed).not.toContain("chk-from-disk");

          expect((await put([{ chunkId: "chk-sent-as-data" }])).status).toBe(200);
          expect((await call(mock, "POST", "/api/public/bot/app/chunk/list", {})).body.chunks.map((c: { chunkId: string }) => c.chunkId)).toEqual(["chk-sent-as-data"]);
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });

  describe("failJob", () => {
    it("fails a running job at once, undoing what starting it changed, by method and over HTTP", async () => {
      await withMock({ jobs: { polls: 5 }, existing: { models: ["cm-ready"] } }, async (mock) => {
        const DEPLOY = { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 }, deviceType: "g5.xlarge" };
        const deploy = () => call(mock, "POST", "/api/public/models/cm-ready/deploy?modelType=openSource", DEPLOY).then((r) => r.body.dockStatusId ?? r.body["dock-statusId"]);
        const status = (job: string) => call(mock, "GET", `/api/public/dock-status/${job}`).then((r) => r.body.status);

        const first = await deploy();
        expect(await status(first)).toBe("IN_PROGRESS");
        expect(mock.failJob(first)).toBe(true);
        expect(await status(first)).toBe("FAILED");
        expect(mock.failJob(first)).toBe(false); // it has ended

        // The failed deploy left the model ready, so it deploys again; this time failed over HTTP.
        const second = await deploy();
        expect((await fetchOf(mock)(`${mock.url}/__mock/jobs/${second}/fail`, { method: "POST" })).status).toBe(200);
        expect(await status(second)).toBe("FAILED");
        expect((await fetchOf(mock)(`${mock.url}/__mock/jobs/${second}/fail`, { method: "POST" })).status).toBe(404);
      });
    });
  });

  describe("request log", () => {
    it("keeps a bounded summary of a large body or URL, and small bodies whole", async () => {
      await withMock({}, async (mock) => {
        const payload = { text: "y".repeat(200_000), list: Array.from({ length: 5000 }, (_, i) => i) };
        await call(mock, "POST", "/api/public/connections", { provider: "API", connectionName: "big", endpointUrl: "https://e.invalid", outputPath: "text", payload });
        await call(mock, "POST", "/api/public/guardrails/deploy", { name: "Toxicity" });
        await call(mock, "GET", `/api/public/connections?provider=${"p".repeat(5000)}`);
        const [big, small, long] = mock.requests();
        expect(JSON.stringify(big!.body).length).toBeLessThan(8 * 1024);
        expect(big!.body).toMatchObject({ provider: "API", connectionName: "big" });
        const logged = (big!.body as { payload: { text: string; list?: unknown[] } }).payload;
        expect(logged.text).toMatch(/^y{256}… \(200000 characters\)$/);
        expect(logged.list!.at(-1)).toMatch(/^… \d+ more items$/);
        expect(small!.body).toEqual({ name: "Toxicity" });
        expect(long!.url).toMatch(/^\/api\/public\/connections\?provider=p+… \(5033 characters\)$/);
        expect(long!.url.length).toBeLessThan(2100);
      });
    });
  });
});
