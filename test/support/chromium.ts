// Debian's Chromium, driven by playwright-core, kept on this machine: page requests are routed
// (anything not for localhost is aborted and recorded), and the browser's own traffic goes
// through a proxy that only records and refuses. Console errors and uncaught exceptions of every
// page are collected. One launch serves a whole test file: contexts give it other viewports.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Chromium's background services (updates, sync, metrics) must not phone home during the test.
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/**
 * Chromium's own services, which it calls whatever page is open (component and extension update
 * checks, account look-ups) even with the flags above. They reach only the refusing proxy, so
 * they never leave the machine; any other host at the proxy is a page's doing.
 */
export const CHROMIUM_SERVICE_HOSTS = new Set([
  "update.googleapis.com",
  "accounts.google.com",
  "clients2.google.com",
  "clientservices.googleapis.com",
  "optimizationguide-pa.googleapis.com",
  "content-autofill.googleapis.com",
  "safebrowsingohttpgateway.googleapis.com",
]);

/** Whether a URL a page asked for stays on this machine (data: and blob: never leave it). */
export function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return true;
  return LOCAL_HOSTS.has(hostname);
}

export interface ProxyAttempt {
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

export interface OfflineBrowser {
  browser: Browser;
  /** A context with its routing and collectors in place: a viewport of its own. */
  context(viewport: { width: number; height: number }, options?: { isMobile?: boolean }): Promise<BrowserContext>;
  /** A page of `context` whose console errors and uncaught exceptions are collected. */
  page(context: BrowserContext): Promise<Page>;
  /** Every request the pages made, and those that were bound off the machine (aborted). */
  requests: string[];
  offMachine: string[];
  /** What the pages logged as errors, and threw; each with the page's URL. */
  consoleErrors: string[];
  /** What they logged as warnings (kept for the record, not failed on). */
  consoleWarnings: string[];
  /** What Chromium itself tried to reach (refused at the proxy). */
  proxyAttempts: ProxyAttempt[];
  close(): Promise<void>;
}

/** Launches Chromium once, offline; fails (never skips) when it is not installed. */
export async function launchOfflineChromium(): Promise<OfflineBrowser> {
  // CI installs Chromium with apt-get before the tests run (.ci/run).
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is required by the browser tests and was not found at ${CHROMIUM}: install Debian's "chromium" package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  const proxy = await refusingProxy();
  // Loopback goes direct (playwright would otherwise proxy it too), so only traffic bound off
  // the machine reaches the proxy.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, proxy: { server: proxy.url, bypass: "127.0.0.1,localhost,[::1]" } });
  const requests: string[] = [];
  const offMachine: string[] = [];
  const consoleErrors: string[] = [];
  const consoleWarnings: string[] = [];
  return {
    browser,
    requests,
    offMachine,
    consoleErrors,
    consoleWarnings,
    proxyAttempts: proxy.attempts,
    async context(viewport, options = {}) {
      const context = await browser.newContext({
        viewport,
        serviceWorkers: "block",
        ...(options.isMobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      });
      await context.route("**/*", async (route) => {
        const url = route.request().url();
        requests.push(url);
        if (isLocal(url)) return route.continue();
        offMachine.push(url);
        return route.abort("blockedbyclient");
      });
      context.on("websocket" as never, (ws: { url(): string }) => offMachine.push(`websocket ${ws.url()}`));
      return context;
    },
    async page(context) {
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
        if (message.type() === "warning") consoleWarnings.push(`${page.url()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
      return page;
    },
    async close() {
      await browser.close();
      await proxy.close();
    },
  };
}
