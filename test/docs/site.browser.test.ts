// The built site in a real browser, offline (./support/site-in-chromium.ts): from the landing
// page it follows every link: each page opens and names the site's icon, no link is broken, no
// heading a link names is missing. The reference's three samples of every operation, chosen with
// its own picker, at desktop and phone width. No console error, no request off the machine.
// Screenshots at both widths go to test-results/site/ for people to look at. The reference's
// sidebar, addresses, search and Test request are reference.browser.test.ts.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkSamples, clearOfTopBar, LONG, onePerTag, openReference, operations, screenshot, siteInChromium } from "./support/site-in-chromium.js";

const site = siteInChromium("site");

/** What a page links to that is not a page (the spec, a schema, the icon): fetched, not opened. */
const isPage = (url: URL) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

// The reference at phone width, loaded once by whichever test needs it first: each fresh load
// parses Scalar's 3.5 MB renderer and the spec anew, and a phone's tests move in it by address.
let phoneReference: Promise<Page> | undefined;
const onPhone = () =>
  (phoneReference ??= (async () => {
    const page = await site.chromium.page(site.phone);
    await openReference(page, site.server.url);
    return page;
  })());

describe("the site in Chromium", () => {
  it("follows every link from the landing page: every page opens and names the site's icon, which the server has; no link or heading is missing", async () => {
    const { server, chromium, desktop, pages } = site;
    const page = await chromium.page(desktop);
    const origin = new URL(server.url).origin;
    const queue = [server.url];
    const visited = new Set<string>();
    const broken: string[] = [];
    const noIcon: string[] = [];
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
      // The icon is fetched like any file it links to: one the server lacks is a broken link.
      const icon = await page.$eval('link[rel="icon"]', (link) => (link as HTMLLinkElement).href).catch(() => undefined);
      if (icon === undefined) noIcon.push(url);
      else if (!visited.has(icon)) queue.push(icon);
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
    expect(noIcon).toEqual([]);
    // Every page of the build is reachable from the landing page.
    const reached = [...visited].map((url) => new URL(url).pathname.slice(1));
    expect(pages.filter((file) => !reached.includes(file) && !reached.includes(file.replace(/index\.html$/, "")))).toEqual([]);
    expect(wanted.filter((link) => !ids.get(link.page)?.has(link.id)).map((link) => `${link.from} → ${link.page}#${link.id}`)).toEqual([]);
  }, LONG);

  it("shows each operation's three samples, each chosen with the reference's own picker, at desktop width", async () => {
    const page = await site.chromium.page(site.desktop);
    await openReference(page, site.server.url);
    expect(await checkSamples(page, site.server.url, "desktop", operations)).toEqual([]);
  }, LONG);

  // On a phone, one operation of every tag: the same component at another width.
  it("shows each operation's three samples, each chosen with the reference's own picker, at phone width", async () => {
    expect(await checkSamples(await onPhone(), site.server.url, "phone", onePerTag)).toEqual([]);
  }, LONG);

  it("takes screenshots at desktop and phone width", async () => {
    const { server, chromium, desktop, phone } = site;
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
    // The operation's address followed in the phone's reference: its title clear of the top bar.
    const reference = await onPhone();
    await reference.evaluate(() => (location.hash = "#tag/models/POST/api/public/models/{modelId}/deploy"));
    await reference.getByRole("heading", { name: "Deploy model", exact: true }).first().waitFor({ state: "visible" });
    expect(await clearOfTopBar(reference, "Deploy model")).toBe(true);
    await screenshot(reference, "phone-reference-operation");
  }, LONG);
});
