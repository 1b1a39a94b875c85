// The built site in a real browser, offline: Debian's Chromium (one launch for this file: a
// desktop context and a phone one) against the site served from localhost as npm start serves it.
// From the landing page it follows every link: each page opens, no link is broken, no heading a
// link names is missing. Every operation of the API reference is opened from its sidebar, and
// addresses it gives opened afresh in a new tab, as a reader shares them; the reference's search finds an
// operation by name; its Test request sends an operation to the stateful mock across origins.
// No console error, no request off the machine. Screenshots at
// both widths go to test-results/site/ for people to look at.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOperations, loadSpec, REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { LOCAL_MOCK } from "../../scripts/lib/site/reference.mjs";
import { serveDirectory } from "../../scripts/lib/static-server.mjs";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { CHROMIUM_SERVICE_HOSTS, launchOfflineChromium, type OfflineBrowser } from "../support/chromium.js";
import { builtSite } from "./support/built-site.js";

const SHOTS = resolve(REPO_ROOT, "test-results/site");
const LONG = 180_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// Fresh loads of the reference at once: each parses Scalar's bundle, so more only queue on two cores.
const FRESH_TABS = 3;

const SAMPLE_LABELS = ["TypeScript client", "platform command", "curl"];
const operations = listOperations(loadSpec()).map((op) => ({ operationId: op.operationId as string, summary: op.summary as string, tag: op.tags[0] as string, route: `/${String(op.method).toUpperCase()}${op.path}` }));

let server: { url: string; close(): Promise<void> };
let pages: string[];
let chromium: OfflineBrowser;
let desktop: BrowserContext;
let phone: BrowserContext;
let mock: StatefulMock;

beforeAll(async () => {
  const { site } = await builtSite();
  pages = readdirSync(site, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
  server = await serveDirectory({ root: site });
  chromium = await launchOfflineChromium();
  desktop = await chromium.context(DESKTOP);
  phone = await chromium.context(PHONE, { isMobile: true });
  // The docs' own origin may call it, as `npm run mock -- --stateful` lets the docs of npm start.
  mock = await startStatefulMock({ corsOrigins: [new URL(server.url).origin] });
  mkdirSync(SHOTS, { recursive: true });
}, LONG);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
  await mock?.stop();
});

/** The reference rendered: Scalar's sidebar lists the tags once it has read the spec (on a phone, in its menu). */
async function openReference(page: Page, hash = "") {
  await page.goto(`${server.url}reference/${hash}`, { waitUntil: "load" });
  await page.locator("li[data-sidebar-id]").first().waitFor({ state: "attached", timeout: 30_000 });
}

/** The operation's title, once the reference has scrolled to it, starts below the site's top bar. */
async function clearOfTopBar(page: Page, summary: string): Promise<boolean> {
  const bar = (await page.locator(".site-header").boundingBox())!;
  const heading = page.getByRole("heading", { name: summary, exact: true }).first();
  const top = async () => (await heading.boundingBox())?.y ?? -Infinity;
  return expect.poll(top, { timeout: 5_000 }).toBeGreaterThanOrEqual(bar.y + bar.height).then(() => true, () => false);
}

/** What a page links to that is not a page (the spec, a schema): fetched, not opened. */
const isPage = (url: URL) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

async function screenshot(page: Page, name: string) {
  const png = await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
  expect(png.subarray(1, 4).toString("latin1"), name).toBe("PNG");
}

describe("the site in Chromium", () => {
  it("follows every link from the landing page: every page opens, no link or heading is missing", async () => {
    const page = await chromium.page(desktop);
    const origin = new URL(server.url).origin;
    const queue = [server.url];
    const visited = new Set<string>();
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    const wanted: Array<{ from: string; page: string; id: string }> = [];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (visited.has(url)) continue;
      visited.add(url);
      if (!isPage(new URL(url))) {
        const file = await page.request.get(url);
        if (file.status() !== 200) broken.push(`${url}: ${file.status()}`);
        continue;
      }
      const response = await page.goto(url, { waitUntil: "load" });
      if (response?.status() !== 200) {
        broken.push(`${url}: ${response?.status() ?? "no answer"}`);
        continue;
      }
      const isReference = new URL(url).pathname.startsWith("/reference/");
      if (isReference) await page.locator("li[data-sidebar-id]").first().waitFor({ state: "attached", timeout: 30_000 });
      else ids.set(url, new Set(await page.$$eval("[id]", (elements) => elements.map((e) => e.id))));
      for (const href of await page.$$eval("a[href]", (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
        const target = new URL(href);
        if (target.origin !== origin) continue;
        const address = `${target.origin}${target.pathname}${target.search}`;
        // A reference address's fragment is a route of Scalar's, not a heading.
        if (target.hash && !target.pathname.startsWith("/reference/")) wanted.push({ from: url, page: address, id: decodeURIComponent(target.hash.slice(1)) });
        if (!visited.has(address)) queue.push(address);
      }
    }
    expect(broken).toEqual([]);
    // Every page of the build is reachable from the landing page.
    const reached = [...visited].map((url) => new URL(url).pathname.slice(1));
    expect(pages.filter((file) => !reached.includes(file) && !reached.includes(file.replace(/index\.html$/, "")))).toEqual([]);
    expect(wanted.filter((link) => !ids.get(link.page)?.has(link.id)).map((link) => `${link.from} → ${link.page}#${link.id}`)).toEqual([]);
  }, LONG);

  it("opens every operation of the reference from its sidebar, at an address that opens it in a new tab", async () => {
    const page = await chromium.page(desktop);
    await openReference(page);
    const addresses = new Map<string, string>();
    // Scalar's sidebar: an item per tag (its label the tag's name), open, listing its operations,
    // each an item whose id ends with the method and path. Its first button is its own.
    for (const op of operations) {
      const item = page.locator(`li[data-sidebar-id$="${op.route}"]:visible`).first();
      if (!(await item.isVisible())) {
        await page.locator('li[data-sidebar-id^="api-1/tag/"]:visible').filter({ has: page.getByText(op.tag, { exact: true }) }).first().locator("button").first().click();
      }
      // The click's own event: the sidebar stands still, but the page scrolls to each operation,
      // and waiting for that to settle before every click would double this test's time.
      await item.locator("button").first().dispatchEvent("click");
      await page.waitForURL((url) => decodeURIComponent(url.hash).endsWith(op.route), { timeout: 10_000 });
      addresses.set(op.operationId, page.url());
    }
    expect([...addresses.values()].every((url) => new URL(url).pathname === "/reference/")).toBe(true);
    await screenshot(page, "desktop-reference-operation");

    // Every address is the reference's page with the operation's route in its fragment, which
    // the server never sees: what a new tab loads is the same page for all of them (asserted
    // above). What differs is Scalar finding the operation from the fragment on a fresh load:
    // proven for one operation of every tag, as each parses the 3.5 MB renderer anew.
    const missing: string[] = [];
    const queue = operations.filter((op, i) => operations.findIndex((other) => other.tag === op.tag) === i);
    await Promise.all(
      Array.from({ length: FRESH_TABS }, async () => {
        const tab = await chromium.page(desktop);
        for (let op = queue.shift(); op; op = queue.shift()) {
          await tab.goto(addresses.get(op.operationId)!, { waitUntil: "load" });
          const heading = tab.getByRole("heading", { name: op.summary, exact: true }).first();
          const shown = await heading.waitFor({ state: "visible", timeout: 30_000 }).then(() => true, () => false);
          if (!shown) missing.push(`${op.summary} (${addresses.get(op.operationId)})`);
          else if (!(await clearOfTopBar(tab, op.summary))) missing.push(`${op.summary}: its title is under the top bar`);
        }
        await tab.close();
      }),
    );
    expect(missing).toEqual([]);
  }, LONG);

  it.each([
    ["desktop", () => desktop, () => operations],
    // On a phone, one operation of every tag: the same component at another width.
    ["phone", () => phone, () => operations.filter((op, i) => operations.findIndex((other) => other.tag === op.tag) === i)],
  ] as const)("shows each operation's three samples, each chosen with the reference's own picker, at %s width", async (width, context, chosen) => {
    const served = JSON.parse(await (await fetch(`${server.url}reference/openapi.json`)).text());
    const page = await chromium.page(context());
    const wrong: string[] = [];
    await openReference(page);
    for (const op of chosen()) {
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
        if (op === chosen()[0] && sample.label === "curl") await screenshot(page, `${width}-reference-curl-sample`);
      }
    }
    expect(wrong).toEqual([]);
  }, LONG);

  it("lists the deploy body's fields, not the rule across two of them", async () => {
    const page = await chromium.page(desktop);
    await openReference(page, "#tag/models/POST/api/public/models/{modelId}/deploy");
    const section = page.locator('section[id$="/POST/api/public/models/{modelId}/deploy"]').first();
    await page.getByRole("heading", { name: "Deploy model", exact: true }).first().waitFor({ state: "visible" });
    const text = await section.innerText();
    const body = text.slice(text.indexOf("Body"), text.indexOf("Responses"));
    for (const field of ["name", "hyperParameters", "deviceType", "scalingParameters"]) expect(body, field).toMatch(new RegExp(`^${field}$`, "m"));
    expect(body).not.toMatch(/^Not$/m);
    await section.getByText("Body", { exact: true }).first().scrollIntoViewIfNeeded();
    await screenshot(page, "desktop-reference-deploy-body");
  }, LONG);

  it("finds an operation by its name with the reference's search", async () => {
    const page = await chromium.page(desktop);
    await openReference(page);
    await page.keyboard.press("Control+k");
    await page.keyboard.type("Deploy model");
    const result = page.getByRole("option", { name: /Deploy model/ }).first();
    await result.waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "desktop-reference-search");
    await result.click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).endsWith("/POST/api/public/models/{modelId}/deploy"), { timeout: 10_000 });
  }, LONG);

  it("sends an operation to the stateful mock with the reference's Test request, across origins", async () => {
    const page = await chromium.page(desktop);
    // The reference offers the local mock's fixed address first; this run's mock listens on a
    // port of its own, so requests for that address are sent on to it, unchanged otherwise: the
    // browser still makes its CORS checks against what the mock answers.
    await page.route(`${LOCAL_MOCK}/**`, (route) => {
      const url = new URL(route.request().url());
      return route.continue({ url: `${mock.url}${url.pathname}${url.search}` });
    });
    await openReference(page, "#tag/guardrails/POST/api/public/guardrails/deploy");
    await page.getByRole("heading", { name: "Deploy guardrail", exact: true }).first().waitFor({ state: "visible" });
    // The operation's own button: sections above it may be rendered too.
    await page.locator('section[id$="/POST/api/public/guardrails/deploy"]').getByRole("button", { name: /Test Request/ }).first().click();
    await page.getByRole("button", { name: /Send post request to/ }).first().click();
    await page.getByText("200 OK").first().waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "desktop-reference-test-request");
    expect(mock.requests({ operationId: "deployGuardrail" }).map((entry) => entry.status)).toEqual([200]);
  }, LONG);

  it("names the site's icon on every page, which the server has", async () => {
    const page = await chromium.page(desktop);
    const missing: string[] = [];
    for (const file of pages) {
      await page.goto(`${server.url}${file}`, { waitUntil: "domcontentloaded" });
      const icon = await page.$eval('link[rel="icon"]', (link) => (link as HTMLLinkElement).href).catch(() => undefined);
      if (icon === undefined) missing.push(`${file}: no icon`);
      else if ((await page.request.get(icon)).status() !== 200) missing.push(`${file}: ${icon} is not served`);
    }
    expect(missing).toEqual([]);
  }, LONG);

  it("takes screenshots at desktop and phone width", async () => {
    const wide = await chromium.page(desktop);
    const narrow = await chromium.page(phone);
    for (const [name, path] of [
      ["landing", ""],
      ["guide", "guides/model-import.html"],
    ] as const) {
      await wide.goto(`${server.url}${path}`, { waitUntil: "load" });
      await screenshot(wide, `desktop-${name}`);
      await narrow.goto(`${server.url}${path}`, { waitUntil: "load" });
      await screenshot(narrow, `phone-${name}`);
    }
    await openReference(narrow, "#tag/models/POST/api/public/models/{modelId}/deploy");
    await narrow.getByRole("heading", { name: "Deploy model", exact: true }).first().waitFor({ state: "visible" });
    expect(await clearOfTopBar(narrow, "Deploy model")).toBe(true);
    await screenshot(narrow, "phone-reference-operation");
  }, LONG);

  // Last: everything above has run in these contexts.
  it("logs no console error", () => {
    // Warnings are kept for the record: Scalar's own model reads six valid 3.1 schemas more
    // narrowly than JSON Schema does and says so once per load.
    writeFileSync(resolve(SHOTS, "console-warnings.json"), `${JSON.stringify(chromium.consoleWarnings, null, 2)}\n`);
    expect(chromium.consoleErrors).toEqual([]);
  });

  it("sends no request off the machine", () => {
    expect(chromium.requests.length).toBeGreaterThan(0);
    expect(chromium.offMachine).toEqual([]);
    expect(chromium.proxyAttempts.filter((a) => !CHROMIUM_SERVICE_HOSTS.has(a.host))).toEqual([]);
  });
});

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
