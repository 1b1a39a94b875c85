// The built site served from localhost as npm start serves it, and Debian's Chromium (one launch
// per test file: a desktop context and a phone one), for the browser tests of the site
// (site.browser.test.ts, reference.browser.test.ts). Two files, so the two halves run side by
// side in a test run instead of one after the other; both read the run's one build of the site.
// After every test: no console error, no request off the machine, whichever test ran before.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { listOperations, loadSpec, REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { serveDirectory } from "../../../scripts/lib/static-server.mjs";
import { CHROMIUM_SERVICE_HOSTS, launchOfflineChromium, type OfflineBrowser } from "../../support/chromium.js";
import { builtSite } from "./built-site.js";

export const SHOTS = resolve(REPO_ROOT, "test-results/site");
export const LONG = 180_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

export interface Operation {
  operationId: string;
  summary: string;
  tag: string;
  /** Scalar's route for it: /METHOD/path, the end of its sidebar id and of its address's fragment. */
  route: string;
}

export const operations: Operation[] = listOperations(loadSpec()).map((op) => ({
  operationId: op.operationId as string,
  summary: op.summary as string,
  tag: op.tags[0] as string,
  route: `/${String(op.method).toUpperCase()}${op.path}`,
}));
/** The first operation of every tag. */
export const onePerTag = operations.filter((op, i) => operations.findIndex((other) => other.tag === op.tag) === i);

export interface SiteInChromium {
  server: { url: string; close(): Promise<void> };
  /** Every page of the build, relative to the site's root. */
  pages: string[];
  chromium: OfflineBrowser;
  desktop: BrowserContext;
  phone: BrowserContext;
}

/**
 * Serves the site and launches Chromium for this file (hooks registered here); `name` tells the
 * files' browser warnings apart under test-results/site/.
 */
export function siteInChromium(name: string): SiteInChromium {
  const site = {} as SiteInChromium;
  beforeAll(async () => {
    const built = await builtSite();
    site.pages = readdirSync(built.site, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    site.server = await serveDirectory({ root: built.site });
    site.chromium = await launchOfflineChromium();
    site.desktop = await site.chromium.context(DESKTOP);
    site.phone = await site.chromium.context(PHONE, { isMobile: true });
    mkdirSync(SHOTS, { recursive: true });
  }, LONG);

  // Each test answers for what its own pages did, whatever ran before it.
  let requests = 0;
  afterEach(() => {
    const { chromium } = site;
    if (!chromium) return;
    requests += chromium.requests.splice(0).length;
    expect(chromium.consoleErrors.splice(0), "console errors").toEqual([]);
    expect(chromium.offMachine.splice(0), "requests bound off the machine").toEqual([]);
    expect(chromium.proxyAttempts.splice(0).filter((attempt) => !CHROMIUM_SERVICE_HOSTS.has(attempt.host)), "what Chromium tried to reach").toEqual([]);
  });

  afterAll(async () => {
    const { chromium } = site;
    // Warnings are kept for the record: Scalar's own model reads six valid 3.1 schemas more
    // narrowly than JSON Schema does and says so once per load.
    if (chromium) writeFileSync(resolve(SHOTS, `console-warnings-${name}.json`), `${JSON.stringify(chromium.consoleWarnings, null, 2)}\n`);
    await chromium?.close();
    await site.server?.close();
    // The recorder saw the pages' traffic: the checks after each test had something to look at.
    if (chromium) expect(requests, "requests the pages made").toBeGreaterThan(0);
  });
  return site;
}

/** The reference rendered: Scalar's sidebar lists the tags once it has read the spec (on a phone, in its menu). */
export async function openReference(page: Page, serverUrl: string, hash = ""): Promise<void> {
  await page.goto(`${serverUrl}reference/${hash}`, { waitUntil: "load" });
  await page.locator("li[data-sidebar-id]").first().waitFor({ state: "attached", timeout: 30_000 });
}

/** The operation's title, once the reference has scrolled to it, starts below the site's top bar. */
export async function clearOfTopBar(page: Page, summary: string): Promise<boolean> {
  const bar = (await page.locator(".site-header").boundingBox())!;
  const heading = page.getByRole("heading", { name: summary, exact: true }).first();
  const top = async () => (await heading.boundingBox())?.y ?? -Infinity;
  return expect.poll(top, { timeout: 5_000 }).toBeGreaterThanOrEqual(bar.y + bar.height).then(() => true, () => false);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
  expect(png.subarray(1, 4).toString("latin1"), name).toBe("PNG");
}

const SAMPLE_LABELS = ["TypeScript client", "platform command", "curl"];

/**
 * In the reference open on `page`, each of `chosen`'s three samples picked with the reference's
 * own picker, in turn: what is wrong (the sample shown, the picker's label) for each, or nothing.
 */
export async function checkSamples(page: Page, serverUrl: string, width: string, chosen: Operation[]): Promise<string[]> {
  const served = JSON.parse(await (await fetch(`${serverUrl}reference/openapi.json`)).text());
  const wrong: string[] = [];
  for (const op of chosen) {
    const [method, ...path] = op.route.slice(1).split("/");
    const samples = served.paths[`/${path.join("/")}`][method!.toLowerCase()]["x-codeSamples"] as Array<{ lang: string; label: string; source: string }>;
    expect(samples.map((sample) => sample.label), op.operationId).toEqual(SAMPLE_LABELS);
    // Scalar keys a custom sample by its language: three samples need three languages.
    expect(new Set(samples.map((sample) => sample.lang)).size, op.operationId).toBe(3);
    const section = page.locator(`section[id$="${op.route}"]`).first();
    const picker = section.locator('[data-testid="client-picker"]');
    await picker.waitFor({ state: "visible", timeout: 30_000 });
    for (const sample of [...samples.slice(1), samples[0]!]) {
      await choose(page, picker, sample.label);
      const shown = section.locator(".request-card .scalar-codeblock-pre, .request-card pre").first();
      const firstLine = sample.source.split("\n")[0]!;
      const matches = await expect.poll(async () => (await shown.innerText()).includes(firstLine), { timeout: 5_000 }).toBe(true).then(() => true, () => false);
      if (!matches || (await picker.innerText()).trim() !== sample.label) wrong.push(`${op.operationId} (${width}): chose ${sample.label}, shown ${(await picker.innerText()).trim()}: ${(await shown.innerText()).slice(0, 60)}`);
      if (op === chosen[0] && sample.label === "curl") await screenshot(page, `${width}-reference-curl-sample`);
    }
  }
  return wrong;
}

// The picker's list can miss a click that lands while the previous list is still closing (seen
// on a loaded machine): open it again until the option shows, a few times, then choose it.
async function choose(page: Page, picker: Locator, label: string): Promise<void> {
  const option = page.getByRole("option", { name: label, exact: true });
  for (let attempt = 1; ; attempt++) {
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    const shown = await option.waitFor({ state: "visible", timeout: 5_000 }).then(() => true, () => false);
    if (shown) return option.click();
    if (attempt === 4) throw new Error(`the sample picker never listed "${label}"`);
    await page.keyboard.press("Escape");
  }
}
