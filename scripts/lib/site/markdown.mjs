// Markdown to HTML for the site, with markdown-it: GitHub's heading ids (so the anchors the docs
// link to on GitHub work here too), code highlighted by highlight.js, and every relative link
// rewritten to what the site serves: a link to another markdown page becomes a link to its
// rendered page, a link to another file of the repository a link to its copy. Each link is
// recorded, so the build can prove every one lands on a page and heading that exist.
import { statSync } from "node:fs";
import GithubSlugger from "github-slugger";
import hljs from "highlight.js";
import MarkdownIt from "markdown-it";
import anchor from "markdown-it-anchor";
import { resolveLink, siteLink, sitePathOf } from "./pages.mjs";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

// The whole block, so the theme's `hljs` class is on it; markdown-it's own wrapping otherwise.
/**
 * @param {string} code
 * @param {string} language
 */
function highlight(code, language) {
  if (!language || !hljs.getLanguage(language)) return "";
  return `<pre><code class="hljs language-${language}">${hljs.highlight(code, { language, ignoreIllegals: true }).value}</code></pre>\n`;
}

/** @typedef {{ href: string, sitePath: string, fragment: string | undefined }} PageLink an internal link of a page */

/**
 * Renders one page. Resolves to { html, ids, links }: the body's HTML, the ids of its headings,
 * and its internal links as { href, sitePath, fragment } for the build's check.
 * @param {{ source: string, sitePath: string, markdown: string }} page
 * @param {{ assetPathOf(repoPath: string): string | undefined }} site where a linked repository file is copied (undefined: it does not exist)
 */
export function renderMarkdown(page, site) {
  const slugger = new GithubSlugger();
  /** @type {Set<string>} */
  const ids = new Set();
  /** @type {PageLink[]} */
  const links = [];
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false, highlight });
  md.use(anchor, {
    slugify: (text) => {
      const id = slugger.slug(text);
      ids.add(id);
      return id;
    },
    // The slugger numbers repeated headings itself, as GitHub does.
    uniqueSlugStartIndex: Number.MAX_SAFE_INTEGER,
    permalink: anchor.permalink.linkInsideHeader({ symbol: "#", placement: "after", ariaHidden: true, class: "anchor" }),
  });
  const defaultLink = md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    const token = tokens[i];
    if (token === undefined) return defaultLink(tokens, i, options, env, self);
    const href = String(token.attrGet("href") ?? "");
    if (EXTERNAL.test(href)) {
      token.attrSet("rel", "noopener");
    } else if (href.startsWith("#")) {
      links.push({ href, sitePath: page.sitePath, fragment: decodeURIComponent(href.slice(1)) });
    } else if (!String(token.attrGet("class") ?? "").includes("anchor")) {
      const [target = "", fragment] = href.split("#", 2);
      const repoPath = resolveLink(page.source, target);
      const toPage = sitePathOf(repoPath);
      const toFile = toPage ?? site.assetPathOf(repoPath);
      if (toFile === undefined) throw new Error(`${page.source}: the link ${href} points at ${repoPath}, which does not exist`);
      const rewritten = `${siteLink(page.sitePath, toFile)}${fragment ? `#${fragment}` : ""}`;
      token.attrSet("href", rewritten);
      links.push({ href, sitePath: toFile, fragment: toPage && fragment ? decodeURIComponent(fragment) : undefined });
    }
    return defaultLink(tokens, i, options, env, self);
  };
  const html = md.render(page.markdown);
  return { html, ids, links };
}

/**
 * What does not land: a linked file that is not a file, or a heading a page does not have.
 * `rendered` maps a site path to { page, ids, links }; `copies` a linked repository path to its file.
 * @param {Map<string, { page: { source: string }, ids: Set<string>, links: PageLink[] }>} rendered
 * @param {Map<string, string>} copies
 */
export function brokenLinks(rendered, copies) {
  const problems = [];
  for (const [path, file] of copies) {
    let isFile = false;
    try {
      isFile = statSync(file).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) problems.push(`a page links ${path}, which is not a file of the repository`);
  }
  for (const { page, links } of rendered.values()) {
    for (const link of links) {
      if (link.fragment === undefined) continue;
      const target = rendered.get(link.sitePath);
      if (target && !target.ids.has(link.fragment))
        problems.push(`${page.source}: the link ${link.href} names a heading that ${target.page.source} does not have`);
    }
  }
  return problems;
}
