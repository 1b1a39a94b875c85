// The rendered reference in a real browser, offline: Debian's Chromium, driven by playwright-core,
// opens docs/reference/index.html from a localhost server. Every operation must be on the page,
// nothing may be logged as an error, and nothing may leave localhost: page requests are routed
// (and anything not for localhost aborted and recorded), and the browser's own traffic goes
// through a proxy that only records and refuses. A screenshot is kept as a test artefact.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../scripts/lib/pack.mjs";
import { listOperations, loadSpec, REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { serveDirectory } from "../../scripts/lib/static-server.mjs";

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const SCREENSHOT = resolve(REPO_ROOT, "test-results/reference.png");
const NETWORK_LOG = resolve(REPO_ROOT, "test-results/reference-network.json");
const LONG = 180_000;
// Chromium's background services (updates, sync, metrics) must not phone home during the test.
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
// Chromium's own services, which it calls whatever page is open (component and extension update
// checks, account look-ups) even with the flags above. They reach only the refusing proxy, so
// they never leave the machine; any other host at the proxy fails the test.
const CHROMIUM_SERVICE_HOSTS = new Set([
  "update.googleapis.com",
  "accounts.google.com",
  "clients2.google.com",
  "clientservices.googleapis.com",
  "optimizationguide-pa.googleapis.com",
  "content-autofill.googleapis.com",
  "safebrowsingohttpgateway.googleapis.com",
]);

const operations = listOperations(loadSpec()).map((op) => ({ operationId: op.operationId as string, summary: op.summary as string, tag: op.tags[0] as string }));
const summaries = operations.map((op) => op.summary);
const tags = [...new Set(operations.map((op) => op.tag))];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Redoc 3's side menu: a tag's label is its name; an operation's is its summary and its method.
const menuLabel = (name: string, method = false) =>
  page.locator('[data-testid="menu-item-label"]').filter({ hasText: new RegExp(`^${escape(name)}${method ? "\\s*(get|post|put|patch|delete)" : ""}$`, "i") });

/** Whether a URL the page asked for stays on this machine (data: and blob: never leave it). */
function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return true;
  return LOCAL_HOSTS.has(hostname);
}

interface ProxyAttempt {
  host: string;
  request: string;
}

// An HTTP proxy that serves nothing: every request and CONNECT tunnel it is asked for is a
// request the browser tried to send off the machine, so it is recorded and refused.
async function refusingProxy(): Promise<{ url: string; attempts: ProxyAttempt[]; close(): Promise<void> }> {
  const attempts: ProxyAttempt[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    attempts.push({ host: new URL(request.url ?? "/", "http://unknown").hostname, request: `${request.method} ${request.url}` });
    response.writeHead(403).end();
  });
  server.on("connect", (request, socket: Socket) => {
    attempts.push({ host: (request.url ?? "").replace(/:\d+$/, ""), request: `CONNECT ${request.url}` });
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

// Navigates the way a reader does: open the operation's tag in the side menu, click the operation.
async function openOperation(op: (typeof operations)[number]) {
  const label = menuLabel(op.summary, true).first();
  if (!(await label.isVisible())) await menuLabel(op.tag).first().click();
  await label.click();
}

let scratch: string;
let site: { url: string; close(): Promise<void> };
let proxy: Awaited<ReturnType<typeof refusingProxy>>;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const requests: string[] = [];
const offMachine: string[] = [];

beforeAll(async () => {
  // Fail, never skip: CI installs Chromium with apt-get before the tests run.
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is required for the reference browser test and was not found at ${CHROMIUM}: install Debian's "chromium" package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  scratch = mkdtempSync(join(tmpdir(), "reference-browser-"));
  // The reference is built afresh into a scratch output root, as a fresh clone would build it.
  const built = await run(process.execPath, [resolve(REPO_ROOT, "scripts/build-docs.mjs")], { cwd: REPO_ROOT, env: { ...process.env, REDOCLY_TELEMETRY: "off", PLATFORM_OUTPUT_ROOT: scratch } });
  if (built.code !== 0) throw new Error(`build-docs failed:\n${built.stdout}\n${built.stderr}`);
  const docs = join(scratch, "docs");
  site = await serveDirectory({ root: docs, index: join(docs, "reference/index.html") });
  proxy = await refusingProxy();

  context = await chromium.launchPersistentContext(join(scratch, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    // Loopback goes direct (playwright would otherwise proxy it too), so only traffic bound
    // off the machine reaches the proxy.
    proxy: { server: proxy.url, bypass: "127.0.0.1,localhost,[::1]" },
    viewport: { width: 1400, height: 900 },
    serviceWorkers: "block",
  });
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    requests.push(url);
    if (isLocal(url)) return route.continue();
    offMachine.push(url);
    return route.abort("blockedbyclient");
  });
  context.on("websocket" as never, (ws: { url(): string }) => offMachine.push(`websocket ${ws.url()}`));
  page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
  await page.goto(site.url, { waitUntil: "load" });
  // Redoc renders on the client: the side menu exists once it has finished.
  await menuLabel(tags[0]!).first().waitFor({ state: "visible", timeout: 60_000 });
}, LONG);

afterAll(async () => {
  await context?.close();
  await site?.close();
  await proxy?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the rendered reference in Chromium", () => {
  it("lists every operation of the spec in the side menu, under its tag", async () => {
    expect(summaries).toHaveLength(listOperations(loadSpec()).length);
    const hidden: string[] = [];
    // Opening a tag shows its operations (and may close the others).
    for (const tag of tags) {
      await menuLabel(tag).first().click();
      for (const op of operations.filter((o) => o.tag === tag)) {
        // The menu opens with an animation: wait for each item rather than look once, which
        // raced the animation on a loaded machine.
        const shown = await menuLabel(op.summary, true)
          .first()
          .waitFor({ state: "visible", timeout: 10_000 })
          .then(() => true, () => false);
        if (!shown) hidden.push(op.summary);
      }
    }
    expect(hidden).toEqual([]);
  }, LONG);

  it("renders every operation's page, headed by its summary", async () => {
    const missing: string[] = [];
    for (const op of operations) {
      await openOperation(op);
      // The heading's text is the summary (its accessible name also carries a "link to" anchor).
      const heading = page.locator("h2").filter({ hasText: new RegExp(`^${escape(op.summary)}$`) }).first();
      try {
        await heading.waitFor({ state: "visible", timeout: 10_000 });
        await page.waitForURL((url) => url.hash.endsWith(`/${op.operationId.toLowerCase()}`), { timeout: 10_000 });
      } catch {
        missing.push(`${op.summary} (${page.url()})`);
      }
    }
    expect(missing).toEqual([]);
  }, LONG);

  it("logs no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });

  it("sends no request off the machine", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !isLocal(url))).toEqual([]);
    expect(offMachine).toEqual([]);
    // What Chromium itself tried (refused by the proxy), kept beside the screenshot for the record.
    mkdirSync(resolve(NETWORK_LOG, ".."), { recursive: true });
    writeFileSync(NETWORK_LOG, `${JSON.stringify({ pageRequests: requests, refusedAtProxy: proxy.attempts }, null, 2)}\n`);
    expect(proxy.attempts.filter((a) => !CHROMIUM_SERVICE_HOSTS.has(a.host))).toEqual([]);
  });

  it("saves a screenshot as a test artefact", async () => {
    await openOperation(operations[0]!);
    mkdirSync(resolve(SCREENSHOT, ".."), { recursive: true });
    const png = await page.screenshot({ path: SCREENSHOT });
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(existsSync(SCREENSHOT)).toBe(true);
  });
});
