// The API reference of the built site in a real browser, offline (./support/site-in-chromium.ts):
// every operation opened from its sidebar, and addresses it gives opened afresh in a new tab, as
// a reader shares them; the deploy body's fields listed; the reference's search finds an
// operation by name; its Test request sends an operation to the stateful mock across origins.
// No console error, no request off the machine. The crawl of the whole site and the samples are
// site.browser.test.ts.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_MOCK } from "../../scripts/lib/site/reference.mjs";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { clearOfTopBar, LONG, onePerTag, openReference, operations, screenshot, siteInChromium } from "./support/site-in-chromium.js";

// Fresh loads of the reference at once: each parses Scalar's bundle, so more only queue on two cores.
const FRESH_TABS = 2;
// How long a fresh tab may take to show the operation its address names. Parsing the 3.5 MB bundle
// takes a few seconds alone, but the whole suite beside it (the site's own browser test included)
// once held a tab past 30 s on two cores: a slow load, not a fragment Scalar failed to follow.
const FRESH_LOAD_MS = 90_000;

const site = siteInChromium("reference");
let mock: StatefulMock;

beforeAll(async () => {
  // The docs' own origin may call it, as `npm run mock -- --stateful` lets the docs of npm start.
  mock = await startStatefulMock({ corsOrigins: [new URL(site.server.url).origin] });
}, LONG);

afterAll(async () => {
  await mock?.stop();
});

// The reference at desktop width, loaded once by whichever test needs it first: each fresh load
// parses Scalar's 3.5 MB renderer and the spec anew. Tests move in it by address, as its own
// links do; what a fresh load at an address shows is proven by the first test, once per tag.
let desktopReference: Promise<Page> | undefined;
const reference = () =>
  (desktopReference ??= (async () => {
    const page = await site.chromium.page(site.desktop);
    await openReference(page, site.server.url);
    return page;
  })());

/** The reference moved to an operation by its address, as a link within it does. */
async function goToOperation(page: Page, route: string, summary: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#tag/${route}`);
  await page.getByRole("heading", { name: summary, exact: true }).first().waitFor({ state: "visible", timeout: 30_000 });
}

describe("the API reference in Chromium", () => {
  it("opens every operation of the reference from its sidebar, at an address that opens it in a new tab", async () => {
    const { chromium, desktop } = site;
    const page = await reference();
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
    const queue = [...onePerTag];
    await Promise.all(
      Array.from({ length: FRESH_TABS }, async () => {
        const tab = await chromium.page(desktop);
        for (let op = queue.shift(); op; op = queue.shift()) {
          await tab.goto(addresses.get(op.operationId)!, { waitUntil: "load" });
          const heading = tab.getByRole("heading", { name: op.summary, exact: true }).first();
          const shown = await heading.waitFor({ state: "visible", timeout: FRESH_LOAD_MS }).then(() => true, () => false);
          if (!shown) missing.push(`${op.summary} (${addresses.get(op.operationId)})`);
          else if (!(await clearOfTopBar(tab, op.summary))) missing.push(`${op.summary}: its title is under the top bar`);
        }
        await tab.close();
      }),
    );
    expect(missing).toEqual([]);
    // Room for the fresh loads' own bound on top of the sidebar's walk.
  }, LONG + FRESH_LOAD_MS);

  it("lists the deploy body's fields, not the rule across two of them", async () => {
    const page = await reference();
    await goToOperation(page, "models/POST/api/public/models/{modelId}/deploy", "Deploy model");
    const section = page.locator('section[id$="/POST/api/public/models/{modelId}/deploy"]').first();
    const text = await section.innerText();
    const body = text.slice(text.indexOf("Body"), text.indexOf("Responses"));
    for (const field of ["name", "hyperParameters", "deviceType", "scalingParameters"]) expect(body, field).toMatch(new RegExp(`^${field}$`, "m"));
    expect(body).not.toMatch(/^Not$/m);
    await section.getByText("Body", { exact: true }).first().scrollIntoViewIfNeeded();
    await screenshot(page, "desktop-reference-deploy-body");
  }, LONG);

  it("finds an operation by its name with the reference's search", async () => {
    const page = await reference();
    // Away from the operation first: the search, not an earlier visit, brings the page to it.
    await goToOperation(page, "connections/GET/api/public/connections", "List connections");
    await page.keyboard.press("Control+k");
    await page.keyboard.type("Deploy model");
    const result = page.getByRole("option", { name: /Deploy model/ }).first();
    await result.waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "desktop-reference-search");
    await result.click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).endsWith("/POST/api/public/models/{modelId}/deploy"), { timeout: 10_000 });
  }, LONG);

  it("sends an operation to the stateful mock with the reference's Test request, across origins", async () => {
    // A page of its own: Test request opens the reference's API client over it.
    const page = await site.chromium.page(site.desktop);
    // The reference offers the local mock's fixed address first; this run's mock listens on a
    // port of its own, so requests for that address are sent on to it, unchanged otherwise: the
    // browser still makes its CORS checks against what the mock answers.
    await page.route(`${LOCAL_MOCK}/**`, (route) => {
      const url = new URL(route.request().url());
      return route.continue({ url: `${mock.url}${url.pathname}${url.search}` });
    });
    await openReference(page, site.server.url, "#tag/guardrails/POST/api/public/guardrails/deploy");
    await page.getByRole("heading", { name: "Deploy guardrail", exact: true }).first().waitFor({ state: "visible" });
    // The operation's own button: sections above it may be rendered too.
    await page.locator('section[id$="/POST/api/public/guardrails/deploy"]').getByRole("button", { name: /Test Request/ }).first().click();
    await page.getByRole("button", { name: /Send post request to/ }).first().click();
    await page.getByText("200 OK").first().waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "desktop-reference-test-request");
    expect(mock.requests({ operationId: "deployGuardrail" }).map((entry) => entry.status)).toEqual([200]);
  }, LONG);
});
