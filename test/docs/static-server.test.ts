// The docs' static server (scripts/lib/static-server.mjs, behind npm start) against hostile
// requests: a target no URL can hold, a FIFO under its root, a connection that never speaks.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDirectory } from "../../scripts/lib/static-server.mjs";

let root: string;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "static-server-"));
  writeFileSync(join(root, "index.html"), "<title>home</title>");
  execFileSync("mkfifo", [join(root, "pipe.html")]);
  server = await serveDirectory({ root, idleMs: 300 });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** One raw request, as written, and the status line of the answer ("" if the connection closed without one). */
function raw(request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.setEncoding("utf8").on("data", (text: string) => (answer += text));
    socket.on("error", reject).on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
  });
}

describe("the static server", () => {
  it("answers the target //[ with a 4xx, not a crash, and goes on serving", async () => {
    expect(await raw("GET //[ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1.1 4\d\d /);
    expect((await fetch(server.url)).status).toBe(200);
  });

  it("does not take //host for another host: it is a path under the root", async () => {
    expect(await raw("GET //index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).toBe("HTTP/1.1 200 OK");
  });

  it("does not serve a FIFO under its root, and answers at once", async () => {
    expect((await fetch(`${server.url}pipe.html`)).status).toBe(404);
  });

  it("closes a connection that never sends a request", async () => {
    // Resolves only when the server closes it: nothing is written on this socket.
    expect(await raw("")).toBe("");
  });
});
