// Which markdown files the site renders, where each lands, and the order the navigation lists
// them in. Found on disk, not listed: a guide added to docs/guides is on the site at the next
// build, listed where the guides' index links it (or after those, by name).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { posix, resolve } from "node:path";
import { REPO_ROOT } from "../spec.mjs";

/** @typedef {{ source: string, file: string, markdown: string, sitePath: string, title: string, navTitle: string }} Page */

/**
 * Markdown files beside the docs that readers need too: the README and the changelog.
 * @type {Record<string, string>}
 */
const PROJECT_PAGES = { "README.md": "readme.html", "CHANGELOG.md": "changelog.html" };
/**
 * What the navigation calls a page whose own title would be ambiguous there.
 * @type {Record<string, string>}
 */
const NAV_TITLES = { "docs/index.md": "Home", "docs/guides/README.md": "All guides", "README.md": "Project README" };

/**
 * Where a repository markdown file lands in the site (a path relative to its root), or undefined.
 * @param {string} source
 * @returns {string | undefined}
 */
export function sitePathOf(source) {
  if (PROJECT_PAGES[source]) return PROJECT_PAGES[source];
  // docs/workflows/ holds no files: its pages are generated from the Arazzo document (./workflow-pages.mjs).
  const match = /^docs\/(?:(guides|workflows)\/)?([^/]+)\.md$/.exec(source);
  if (!match) return undefined;
  const [, folder, name] = match;
  if (folder) return name === "README" ? `${folder}/index.html` : `${folder}/${name}.html`;
  return `${name}.html`;
}

/**
 * The page's title: its first level-one heading.
 * @param {string} markdown
 * @param {string} source
 */
export function titleOf(markdown, source) {
  const heading = /^# (.+)$/m.exec(markdown)?.[1];
  if (!heading) throw new Error(`${source} has no "# " title`);
  return heading.replace(/`/g, "").trim();
}

/**
 * Every page the site renders: { source (repository-relative), file (absolute), markdown,
 * sitePath, title, navTitle }.
 * `overrides` maps a source to the file to read instead (the discrepancy list just generated).
 * @param {{ overrides?: Record<string, string> }} [options]
 * @returns {Page[]}
 */
export function discoverPages({ overrides = {} } = {}) {
  const docs = resolve(REPO_ROOT, "docs");
  const sources = [
    ...readdirSync(docs, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => `docs/${e.name}`),
    ...readdirSync(resolve(docs, "guides"), { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => `docs/guides/${e.name}`),
    ...Object.keys(PROJECT_PAGES).filter((name) => existsSync(resolve(REPO_ROOT, name))),
  ];
  return sources.map((source) => {
    const file = overrides[source] ?? resolve(REPO_ROOT, source);
    const markdown = readFileSync(file, "utf8");
    const title = titleOf(markdown, source);
    // Every source found here (docs/, docs/guides/, the project pages) lands in the site.
    const sitePath = /** @type {string} */ (sitePathOf(source));
    return { source, file, markdown, sitePath, title, navTitle: NAV_TITLES[source] ?? title };
  });
}

/**
 * The guides in the order the guides' index links them, then any it does not link, by name.
 * @template {{ source: string, markdown: string }} P
 * @param {P[]} pages
 */
export function guidesInOrder(pages) {
  const index = pages.find((p) => p.source === "docs/guides/README.md");
  const guides = pages.filter((p) => p.source.startsWith("docs/guides/") && p !== index);
  const linked = index ? [...index.markdown.matchAll(/\]\(([\w-]+\.md)\)/g)].map((m) => `docs/guides/${m[1]}`) : [];
  const rank = (/** @type {P} */ page) => {
    const at = linked.indexOf(page.source);
    return at === -1 ? linked.length : at;
  };
  return guides.sort((a, b) => rank(a) - rank(b) || a.source.localeCompare(b.source));
}

/**
 * A link from one site page to another, relative, so the site works under any base path.
 * @param {string} fromSitePath
 * @param {string} toSitePath
 */
export function siteLink(fromSitePath, toSitePath) {
  const link = posix.relative(posix.dirname(fromSitePath), toSitePath);
  // A folder's index is linked as the folder itself: guides/ rather than guides/index.html.
  return link.replace(/(^|\/)index\.html$/, "$1") || "./";
}

/**
 * The repository-relative path a relative link in `source` points at.
 * @param {string} source
 * @param {string} target
 */
export function resolveLink(source, target) {
  return posix.normalize(posix.join(posix.dirname(source), target));
}
