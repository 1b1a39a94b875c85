// npm run docs: the documentation site, built into docs/site/ (not committed; npm start serves
// it), and docs/discrepancies.md from the spec. The site is the landing page (docs/index.md),
// every guide, the references beside them (command line, discrepancies, security review, spec
// diff rules), the README and the changelog, each markdown file rendered into one layout; and
// the API reference, Scalar's renderer over the spec with each operation's code samples; and a
// page per workflow of openapi/platform.arazzo.yaml, which the reference's operations link to.
// Every relative link is rewritten to the page or file it names, and the build fails on a link
// to a file, page or heading that does not exist. Runs under tsx (see package.json): the code
// samples read the command tree, which is the TypeScript program itself.
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./generate.mjs";
import { withCodeSamples } from "./lib/code-samples/index.ts";
import { loadArazzo } from "./lib/arazzo.mjs";
import { DISCREPANCIES_MD, SITE_DIR } from "./lib/docs.mjs";
import { layout } from "./lib/site/layout.mjs";
import { brokenLinks, renderMarkdown } from "./lib/site/markdown.mjs";
import { discoverPages, guidesInOrder } from "./lib/site/pages.mjs";
import { REFERENCE, writeReference } from "./lib/site/reference.mjs";
import { withWorkflowLinks, workflowPages } from "./lib/site/workflow-pages.mjs";
import { loadSpec, REPO_ROOT, specPath } from "./lib/spec.mjs";

const ASSETS = {
  "assets/site.css": fileURLToPath(new URL("lib/site/site.css", import.meta.url)),
  "assets/favicon.svg": fileURLToPath(new URL("lib/site/favicon.svg", import.meta.url)),
  "assets/hljs.css": resolve(dirname(fileURLToPath(import.meta.resolve("highlight.js"))), "../styles/github.css"),
};
/** Places the markdown links to that are built here rather than rendered from a file. */
/** @type {Record<string, string>} */
const BUILT_TARGETS = { "docs/reference": REFERENCE.page, "docs/reference/": REFERENCE.page };

/**
 * @returns {never}
 * @param {string} message
 */
function fail(message) {
  console.error(`build-docs: ${message}`);
  process.exit(1);
}

const spec = loadSpec(specPath());
// The site's page of discrepancies is the spec's as it is now, written by its one producer.
await generate({ only: ["docs/discrepancies.md"] });

const { version } = JSON.parse(await readFile(resolve(REPO_ROOT, "package.json"), "utf8"));
const arazzo = loadArazzo();
const workflows = workflowPages(arazzo, spec);
const pages = [...discoverPages({ overrides: { "docs/discrepancies.md": DISCREPANCIES_MD } }), ...workflows];
const landing = pages.find((p) => p.source === "docs/index.md") ?? fail("docs/index.md (the landing page) is missing");
const guidesIndex = pages.find((p) => p.source === "docs/guides/README.md") ?? fail("docs/guides/README.md (the guides' index) is missing");
const references = pages.filter((p) => /^docs\/[^/]+\.md$/.test(p.source) && p !== landing).sort((a, b) => a.title.localeCompare(b.title));
const project = pages.filter((p) => !p.source.startsWith("docs/"));
const nav = [
  { heading: "Start", pages: [landing, guidesIndex] },
  { heading: "Guides", pages: guidesInOrder(pages) },
  { heading: "Workflows", pages: workflows },
  { heading: "Reference", pages: [{ title: "API reference", sitePath: REFERENCE.page }, ...references, ...project] },
];

// Other files of the repository the pages link to (a JSON schema, the spec) are copied as they are.
const copies = new Map();
const site = {
  /**
   * @param {string} repoPath
   */
  assetPathOf(repoPath) {
    if (BUILT_TARGETS[repoPath]) return BUILT_TARGETS[repoPath];
    if (repoPath.startsWith("..")) return undefined;
    copies.set(repoPath, resolve(REPO_ROOT, repoPath));
    return repoPath;
  },
};

await rm(SITE_DIR, { recursive: true, force: true });
const rendered = new Map();
for (const page of pages) {
  let result;
  try {
    result = renderMarkdown(page, site);
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
  }
  rendered.set(page.sitePath, { page, ...result });
}

const problems = brokenLinks(rendered, copies);
if (problems.length > 0) fail(`broken links:\n  ${problems.join("\n  ")}`);

for (const { page, html } of rendered.values()) {
  const out = resolve(SITE_DIR, page.sitePath);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, layout({ title: page.title, sitePath: page.sitePath, body: html, nav, version }));
}
for (const [sitePath, file] of [...Object.entries(ASSETS), ...copies]) {
  await mkdir(dirname(resolve(SITE_DIR, sitePath)), { recursive: true });
  await copyFile(file, resolve(SITE_DIR, sitePath));
}
await writeReference(SITE_DIR, withWorkflowLinks(withCodeSamples(spec), arazzo));

console.log(
  `wrote ${DISCREPANCIES_MD}\nwrote ${SITE_DIR}: ${rendered.size} pages (${workflows.length} of workflows), the API reference (${REFERENCE.page}) and ${copies.size} linked files`,
);
