// The stateful mock and browsers: with corsOrigins it answers the preflight of an allowed page
// origin and lets that page read every answer (operations and the admin endpoint alike); any other
// origin's preflight is refused with the option to set, and so is its every call to the admin
// endpoint; without the option it sends no CORS header at all. The flag of platform-mock reaches the same option.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { startMock } from "../../../src/mock/start-mock.js";
import { API_KEY, eachTransport, fetchOf, withMock, type AnyMock } from "./helpers.js";

const DOCS = "http://127.0.0.1:4020";
const OTHER = "http://evil.example:8080";

/** A browser's preflight of a POST with the credential and a JSON body. */
const preflight = (mock: AnyMock, path: string, origin: string, extra: Record<string, string> = {}) =>
  fetchOf(mock)(`${mock.url}${path}`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-api-key", ...extra },
  });

const deployGuardrail = (mock: AnyMock, origin: string) =>
  fetchOf(mock)(`${mock.url}/api/public/guardrails/deploy`, {
    method: "POST",
    headers: { origin, "x-api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ name: "Toxicity" }),
  });

eachTransport(() => {
  describe("corsOrigins given", () => {
    it("answers an allowed origin's preflight with what it may send", () =>
      withMock({ corsOrigins: [DOCS] }, async (mock) => {
        const answer = await preflight(mock, `/api/public/guardrails/deploy`, DOCS);
        expect(answer.status).toBe(204);
        expect(answer.headers.get("access-control-allow-origin")).toBe(DOCS);
        expect(answer.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
        expect(answer.headers.get("access-control-allow-headers")).toBe("content-type,x-api-key");
        expect(answer.headers.get("vary")).toMatch(/origin/i);
        // The preflight is the browser's, not the traffic under test.
        expect(mock.requests()).toEqual([]);
      }));

    it("lets the allowed origin read the answer, Retry-After included", () =>
      withMock({ corsOrigins: [DOCS] }, async (mock) => {
        const answer = await deployGuardrail(mock, DOCS);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("access-control-allow-origin")).toBe(DOCS);
        expect(answer.headers.get("access-control-expose-headers")).toMatch(/retry-after/);
        expect(((await answer.json()) as { jobType: string }).jobType).toBe("GUARDRAILS");
        const reset = await fetchOf(mock)(`${mock.url}/__mock/reset`, { method: "POST", headers: { origin: DOCS } });
        expect(reset.headers.get("access-control-allow-origin")).toBe(DOCS);
      }));

    it("refuses another origin's preflight, naming the option, and gives its requests no CORS header", () =>
      withMock({ corsOrigins: [DOCS] }, async (mock) => {
        const refused = await preflight(mock, `/api/public/guardrails/deploy`, OTHER);
        expect(refused.status).toBe(403);
        expect(refused.headers.get("access-control-allow-origin")).toBeNull();
        expect(((await refused.json()) as { message: string }).message).toBe(`origin ${OTHER} may not call this mock: start it with corsOrigins (platform-mock --cors-origin ${OTHER})`);
        const answer = await deployGuardrail(mock, OTHER);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("access-control-allow-origin")).toBeNull();
      }));

    it('"*" allows any origin, and a public page may reach the mock on a private address', () =>
      withMock({ corsOrigins: "*" }, async (mock) => {
        const answer = await preflight(mock, `/api/public/connections`, OTHER, { "access-control-request-private-network": "true" });
        expect(answer.status).toBe(204);
        expect(answer.headers.get("access-control-allow-origin")).toBe(OTHER);
        expect(answer.headers.get("access-control-allow-private-network")).toBe("true");
      }));
  });

  describe("corsOrigins left out", () => {
    it("sends no CORS header, and a preflight is a method the path does not take", () =>
      withMock({}, async (mock) => {
        const answer = await preflight(mock, `/api/public/guardrails/deploy`, DOCS);
        expect(answer.status).toBe(405);
        expect(answer.headers.get("access-control-allow-origin")).toBeNull();
        expect((await deployGuardrail(mock, DOCS)).headers.get("access-control-allow-origin")).toBeNull();
      }));
  });

  describe("the admin endpoint and pages of other origins", () => {
    // It takes no credential, and a page can POST to it with no preflight (a simple request).
    it.each([
      ["with corsOrigins given", { corsOrigins: [DOCS] }],
      ["with corsOrigins left out", {}],
    ] as const)("refuses a simple POST from an origin not allowed, %s, and does nothing", (_, options) =>
      withMock(options, async (mock) => {
        await deployGuardrail(mock, DOCS);
        const before = mock.requests().length;
        expect(before).toBe(1);
        const reset = await fetchOf(mock)(`${mock.url}/__mock/reset`, { method: "POST", headers: { origin: OTHER, "content-type": "text/plain" }, body: "x" });
        expect(reset.status).toBe(403);
        expect(((await reset.json()) as { message: string }).message).toContain(`origin ${OTHER} may not call this mock`);
        expect(mock.requests()).toHaveLength(before);
        // Tools and test code send no Origin: they are served as before.
        expect((await fetchOf(mock)(`${mock.url}/__mock/reset`, { method: "POST" })).status).toBeLessThan(300);
        expect(mock.requests()).toEqual([]);
      }),
    );
  });
});

describe("the option checked", () => {
  it.each([
    [["http://127.0.0.1:4020/"], 'startMock: corsOrigins[0] must be an origin, scheme://host[:port] with no path (got "http://127.0.0.1:4020/")'],
    [["127.0.0.1:4020"], 'startMock: corsOrigins[0] must be an origin, scheme://host[:port] with no path (got "127.0.0.1:4020")'],
    ["http://127.0.0.1:4020", 'startMock: corsOrigins must be "*" or a list of origins such as ["http://127.0.0.1:4020"]'],
  ])("refuses %j", async (corsOrigins, message) => {
    await expect(startMock({ stateful: true, corsOrigins: corsOrigins as never })).rejects.toThrow(message);
  });
});

describe("platform-mock --cors-origin", () => {
  it("starts the stateful mock answering that origin's preflight", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(REPO_ROOT, "src/mock/cli.ts"), "--stateful", "--port", "0", "--cors-origin", DOCS], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        createInterface({ input: child.stdout! }).on("line", (line) => {
          const match = /Mock server: (http:\/\/\S+)/.exec(line);
          if (match) resolveUrl(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`platform-mock exited with ${code}`)));
      });
      const answer = await preflight({ url } as AnyMock, "/api/public/guardrails/deploy", DOCS);
      expect(answer.status).toBe(204);
      expect(answer.headers.get("access-control-allow-origin")).toBe(DOCS);
      expect((await preflight({ url } as AnyMock, "/api/public/guardrails/deploy", OTHER)).status).toBe(403);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
