// The one layout every rendered page shares: a header with the site's main destinations, a side
// navigation of every page (the current one marked), the page's HTML, and a footer. All links are
// relative, so the site works from any address it is served under.
import { siteLink } from "./pages.mjs";

export const SITE_NAME = "Platform management client";

/** The site's icon, named by every page: without it a browser asks for /favicon.ico, a 404. */
export const FAVICON = "assets/favicon.svg";

/** @type {Record<string, string>} */
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (/** @type {unknown} */ text) => String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The header's destinations, by site path: what a newcomer looks for first (on a phone the row
 * scrolls sideways, so the most wanted come first).
 * `reference/` is the API reference; the others are rendered pages.
 * @type {[label: string, sitePath: string][]}
 */
const HEADER_LINKS = [
  ["Guides", "guides/index.html"],
  ["API reference", "reference/index.html"],
  ["Command line", "guides/command-line.html"],
  ["Mocks", "guides/testing-with-the-mock.html"],
  ["Agents (MCP)", "guides/agents-and-mcp.html"],
];

/**
 * The header of every page, the API reference's included: the site's name and main destinations.
 * @param {string} sitePath
 */
export function siteHeader(sitePath) {
  const link = (/** @type {string} */ to) => escapeHtml(siteLink(sitePath, to));
  const links = HEADER_LINKS.map(([label, to]) => `<a href="${link(to)}"${to === sitePath ? ' aria-current="page"' : ""}>${escapeHtml(label)}</a>`).join(
    "\n      ",
  );
  return `<header class="site-header">
    <a class="brand" href="${link("index.html")}">${SITE_NAME}</a>
    <nav class="top-nav" aria-label="Main">
      ${links}
    </nav>
  </header>`;
}

/**
 * @param {{ title: string, sitePath: string, body: string, nav: Array<{ heading: string, pages: Array<{ title: string, navTitle?: string,
 *   sitePath: string }> }>, version: string }} page
 */
export function layout({ title, sitePath, body, nav, version }) {
  const link = (/** @type {string} */ to) => escapeHtml(siteLink(sitePath, to));
  const sections = nav
    .map(
      (section) => `<h2>${escapeHtml(section.heading)}</h2>
        <ul>
  ${section.pages.map((p) => `          <li><a href="${link(p.sitePath)}"${p.sitePath === sitePath ? ' aria-current="page"' : ""}>${escapeHtml(p.navTitle ?? p.title)}</a></li>`).join("\n")}
        </ul>`,
    )
    .join("\n        ");
  return `<!DOCTYPE html>
  <html lang="en">
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'">
  <title>${escapeHtml(title)} · ${SITE_NAME}</title>
  <link rel="icon" href="${link(FAVICON)}" type="image/svg+xml">
  <link rel="stylesheet" href="${link("assets/site.css")}">
  <link rel="stylesheet" href="${link("assets/hljs.css")}">
  </head>
  <body>
  ${siteHeader(sitePath)}
  <div class="site-body">
    <nav class="side-nav" aria-label="Pages">
        ${sections}
    </nav>
    <main class="content">
  ${body}
    </main>
  </div>
  <footer class="site-footer">
    <p>@platform/management-client ${escapeHtml(version)}. Built by <code>npm run docs</code> from the repository's docs and <code>openapi/platform.yaml</code>.</p>
  </footer>
  </body>
  </html>
  `;
}
