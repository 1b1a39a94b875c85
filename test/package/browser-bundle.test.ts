// The core entry must run in browsers, Deno and Bun: bundling it for the browser fails on any
// Node built-in it reaches, and its globals are limited to the web platform's. And it does run in
// one: the packed package's portable entry, bundled with esbuild as a web app would bundle it, in
// Debian's Chromium (offline, one launch), doing a multipart upload and a stream import against
// the stateful mock from a page of another origin (the mock answers its CORS preflights).
// Deno and Bun are test/package/runtimes.test.ts.
import { build } from "esbuild";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { serveDirectory } from "../../scripts/lib/static-server.mjs";
import type { LoggedRequest } from "../../src/mock/start-mock.js";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { launchOfflineChromium, type OfflineBrowser } from "../support/chromium.js";
import { installPackedPackage } from "./installed-package.js";
import { expectFlowArrived, expectFlowResult, printedLog } from "./support/flow-checks.js";

it("bundles src/index.ts for the browser with no Node built-in and no Node global", async () => {
  const result = await build({
    entryPoints: [resolve(REPO_ROOT, "src/index.ts")],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
    metafile: true,
    // openapi-fetch guards its one look at `process` itself; the check is on this package's code.
    external: ["openapi-fetch"],
  });
  const code = result.outputFiles[0]!.text;
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((file) => file.includes("src/node"))).toEqual([]);
  expect(code).not.toMatch(/\brequire\(|from\s+"node:|\bprocess\.|\bBuffer\.|__dirname/);
});

it("the Node entry is the one that reads files", async () => {
  const failure = await build({
    entryPoints: [resolve(REPO_ROOT, "src/node.ts")],
    bundle: true,
    platform: "browser",
    write: false,
    logLevel: "silent",
  }).catch((error: Error) => error);
  expect(failure).toBeInstanceOf(Error);
  // A Node built-in (node:fs for file paths, node:http and friends through undici) refuses to bundle.
  expect(String((failure as Error).message)).toMatch(/node:fs|Could not resolve "(node:)?(net|http|https|tls|stream|crypto|fs|util|buffer|events|zlib)"/);
});

it("bundles the in-process stateful mock (the ./mock entry's browser condition) with no Node built-in", async () => {
  const result = await build({
    entryPoints: [resolve(REPO_ROOT, "src/mock/portable.ts")],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((file) => file.startsWith("node:") || /src\/mock\/(prism|stateful\/server)|src\/node/.test(file))).toEqual([]);
  expect(inputs).toContain("src/mock/stateful/core.ts");
  // Node's crypto and file reading are looked up at run time where they exist (process?.getBuiltinModule), never imported.
  expect(result.outputFiles[0]!.text).not.toMatch(/\brequire\(|from\s+"node:|\bBuffer\.|__dirname/);
});

describe("the packed portable entry, bundled, in Chromium", () => {
  // The ./mock import resolves by its browser condition, as a web app's bundler resolves it.
  const ENTRY = `import { createPlatformClient } from "@platform/management-client";
import { createStatefulMock } from "@platform/management-client/mock";
import { inProcessFlow, portableFlow } from ${JSON.stringify(resolve(REPO_ROOT, "test/package/support/portable-flow.mjs"))};
window.runFlow = (baseUrl) => portableFlow({ createPlatformClient, baseUrl });
window.runInProcessFlow = () => inProcessFlow({ createPlatformClient, createStatefulMock });
`;
  let chromium: OfflineBrowser;
  let app: { url: string; close(): Promise<void> };
  let mock: StatefulMock;

  beforeAll(async () => {
    const installed = await installPackedPackage();
    const site = mkdtempSync(join(installed.scratch, "web-app-"));
    // Resolved from the consumer project, as its own bundler would: the tarball's dist/, not src/.
    await build({
      stdin: { contents: ENTRY, resolveDir: installed.project, loader: "js" },
      bundle: true,
      platform: "browser",
      format: "esm",
      outfile: join(site, "app.js"),
      logLevel: "silent",
    });
    writeFileSync(join(site, "index.html"), '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>web app</title><script type="module" src="app.js"></script></head><body></body></html>\n');
    app = await serveDirectory({ root: site });
    mock = await startStatefulMock({ corsOrigins: [new URL(app.url).origin], jobs: { polls: 1 } });
    chromium = await launchOfflineChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
    await mock?.stop();
  });

  it("uploads an attachment from a Blob and imports a model from a ReadableStream, every byte arriving", async () => {
    const page = await chromium.page(await chromium.context({ width: 800, height: 600 }));
    await page.goto(app.url, { waitUntil: "load" });
    await page.waitForFunction(() => typeof (window as unknown as { runFlow?: unknown }).runFlow === "function");
    const result = await page.evaluate(
      (baseUrl) => (window as unknown as { runFlow(url: string): Promise<{ attachment: unknown; import: unknown }> }).runFlow(baseUrl),
      mock.url,
    );
    expectFlowResult(result);
    expectFlowArrived(mock);
    expect(chromium.consoleErrors).toEqual([]);
    expect(chromium.offMachine).toEqual([]);
  }, 120_000);

  it("does the same through the in-process stateful mock in the page: no server, no request leaving the page", async () => {
    const page = await chromium.page(await chromium.context({ width: 800, height: 600 }));
    await page.goto(app.url, { waitUntil: "load" });
    await page.waitForFunction(() => typeof (window as unknown as { runInProcessFlow?: unknown }).runInProcessFlow === "function");
    const before = mock.requests().length;
    const result = await page.evaluate(() =>
      (window as unknown as { runInProcessFlow(): Promise<{ attachment: unknown; import: unknown; log: LoggedRequest[] }> }).runInProcessFlow(),
    );
    expectFlowResult(result);
    expectFlowArrived(printedLog(result.log));
    expect(mock.requests()).toHaveLength(before);
    expect(chromium.consoleErrors).toEqual([]);
    expect(chromium.offMachine).toEqual([]);
  }, 120_000);
});
