// The admin endpoint against DNS rebinding: a page of another site that resolves its own name to
// 127.0.0.1 sends the mock requests whose Host is that name. They are refused; requests addressed
// to this machine (by name or address) or with no Host (the in-process fetch) are answered.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foreignHost } from "../../../src/mock/stateful/scenarios/admin.js";
import { startStatefulMock, type StatefulMock } from "../../../src/mock/stateful/server.js";

let mock: StatefulMock;
beforeAll(async () => {
  mock = await startStatefulMock({ port: 0 });
});
afterAll(() => mock?.stop());

/** GET /__mock/requests with the Host given, as a browser would send it. */
function getWithHost(host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(mock.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path: "/__mock/requests", headers: { host } }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (text: string) => (body += text)).on("end", () => resolve({ status: response.statusCode!, body }));
    });
    sent.on("error", reject).end();
  });
}

describe("the admin endpoint's Host check", () => {
  it("refuses a foreign Host, reading nothing", async () => {
    const answer = await getWithHost("attacker.example:80");
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("answers only requests addressed to this machine");
    expect(answer.body).not.toContain('"seq"');
  });

  it("answers requests addressed to this machine by name or address", async () => {
    const { port } = new URL(mock.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) expect((await getWithHost(host)).status, host).toBe(200);
  });

  it("takes the mock's own host name, and no Host at all", () => {
    const withHost = (host: string | null) => ({ headers: new Headers(host === null ? {} : { host }) });
    expect(foreignHost(withHost("mock.test:4010"), "mock.test")).toBeUndefined();
    expect(foreignHost(withHost(null), "127.0.0.1")).toBeUndefined();
    expect(foreignHost(withHost("rebind.attacker.example"), "127.0.0.1")).toBe("rebind.attacker.example");
  });
});
