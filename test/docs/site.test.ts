// npm run docs, as built once for this run: one site with a page for every guide (whatever guides
// exist), the references, the README and the changelog, the API reference with all the spec's
// operations and their samples, every link rewritten to what the site serves, nothing loaded from
// another origin; and the build's own link check, which refuses a link to nothing. The site in a
// browser is test/docs/site.browser.test.ts; its samples, test/docs/code-samples.test.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenLinks, renderMarkdown } from "../../scripts/lib/site/markdown.mjs";
import { WORKFLOW_LINKS_START } from "../../scripts/lib/site/workflow-pages.mjs";
import { isRecord, listOf, memberAt, recordOf, stringOr } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { REPO_ROOT, derefRecord, listOperations, loadSpec, operationNodes } from "../../scripts/lib/spec.mjs";
import { serveDirectory } from "../../scripts/lib/static-server.mjs";
import { builtSite, type BuiltSite } from "./support/built-site.js";

const GUIDES = readdirSync(resolve(REPO_ROOT, "docs/guides")).filter((name) => name.endsWith(".md") && name !== "README.md");
const spec = loadSpec();
const operations = listOperations(spec);

let built: BuiltSite;
let pages: Map<string, string>;
beforeAll(async () => {
  built = await builtSite();
  pages = new Map(
    readdirSync(built.site, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .map((file) => [file, readFileSync(join(built.site, file), "utf8")]),
  );
}, 120_000);

describe("the site's pages", () => {
  it("has the landing page, the guides' index and every guide in docs/guides", () => {
    const expected = ["index.html", "guides/index.html", ...GUIDES.map((g) => `guides/${g.replace(/\.md$/, ".html")}`)];
    expect(expected.filter((page) => !pages.has(page))).toEqual([]);
  });

  it("has the references: API, command line, discrepancies, security review; and the README and changelog", () => {
    for (const page of [
      "reference/index.html", "cli-reference.html", "discrepancies.html", "security-review.html", "spec-diff-rules.html", "readme.html", "changelog.html",
    ]) {
      expect(pages.has(page), page).toBe(true);
    }
  });

  it("renders the markdown: tables as tables, code highlighted, headings with GitHub's ids", () => {
    const guide = pages.get("guides/model-import.html")!;
    expect(pages.get("guides/attachments.html")).toMatch(/<table>/);
    expect(guide).toMatch(/<pre><code class="hljs language-ts"><span class="hljs-keyword">import<\/span>/);
    expect(guide).toMatch(/<h2 id="other-files-filesupload"/);
    // No markdown left unrendered: a table row or a fence would show as text.
    expect(guide).not.toMatch(/^\|.*\|$|^```/m);
  });

  it("links pages to pages: no link to a .md file is left, and the guides' index links every guide", () => {
    const mdLinks = [...pages].flatMap(([page, html]) => [...html.matchAll(/href="([^"#]+\.md)(?:#[^"]*)?"/g)].map((m) => `${page}: ${m[1]}`));
    expect(mdLinks).toEqual([]);
    const index = pages.get("guides/index.html")!;
    for (const guide of GUIDES) expect(index, guide).toContain(`href="${guide.replace(/\.md$/, ".html")}"`);
  });

  it("lists every page in the navigation", () => {
    const landing = pages.get("index.html")!;
    for (const page of [...pages.keys()].filter((p) => p !== "reference/index.html")) {
      expect(landing, page).toContain(`href="${page.replace(/(^|\/)index\.html$/, "$1") || "./"}"`);
    }
  });

  it("loads scripts and styles only from its own files", () => {
    const remote = [...pages].filter(([, html]) => /<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.test(html)).map(([page]) => page);
    expect(remote).toEqual([]);
    expect(existsSync(join(built.site, "reference/scalar.js"))).toBe(true);
  });

  it("writes docs/discrepancies.md from the spec's records: the committed file, which test/spec ties to the spec", () => {
    expect(readFileSync(join(built.docs, "discrepancies.md"), "utf8")).toBe(readFileSync(join(REPO_ROOT, "docs/discrepancies.md"), "utf8"));
  });
});

describe("the API reference", () => {
  let rendered: JsonValue = null;
  beforeAll(() => {
    rendered = JSON.parse(readFileSync(join(built.site, "reference/openapi.json"), "utf8"));
  });

  it("renders the spec itself, with only x-codeSamples and the links to the workflows that call an operation added", () => {
    const withoutSamples = structuredClone(rendered);
    for (const item of Object.values(recordOf(memberAt(withoutSamples, "paths")))) {
      for (const operation of Object.values(recordOf(item))) {
        if (!isRecord(operation)) continue;
        delete operation["x-codeSamples"];
        const description = operation.description;
        if (typeof description === "string" && description.includes(WORKFLOW_LINKS_START)) {
          operation.description = description.slice(0, description.indexOf(WORKFLOW_LINKS_START));
        }
      }
    }
    expect(withoutSamples).toEqual(JSON.parse(JSON.stringify(spec)));
  });

  it("gives each of the 25 operations a TypeScript, a platform and a curl sample", () => {
    expect(operations).toHaveLength(25);
    for (const op of operations) {
      const samples = listOf(memberAt(rendered, "paths", op.path, op.method, "x-codeSamples"));
      expect(samples.map((s) => memberAt(s, "label")), op.operationId).toEqual(["TypeScript client", "platform command", "curl"]);
      for (const sample of samples) expect(stringOr(memberAt(sample, "source"), "").trim(), `${op.operationId} ${memberAt(sample, "label")}`).not.toBe("");
    }
  });
});

describe("the request bodies the reference renders", () => {
  // A renderer reads a top-level `not` as the schema itself (Scalar showed the deploy body as
  // "Not object" with the rule's two fields), and Scalar lists no field of a body whose allOf
  // has a member that is a `not`: a rule across fields lives in an allOf member of its own,
  // said without one at its top (the deploy body's: an anyOf of "this one is absent").
  const hasNot = (schema: JsonRecord) => schema.not !== undefined;
  const bodies = operationNodes(spec).flatMap(({ op, body }) =>
    Object.entries(recordOf(body?.content)).map(([type, media]) => ({
      where: `${op.operationId} ${type}`,
      schema: derefRecord(spec, memberAt(media, "schema")),
    })),
  );

  it("are found: every operation with a body is looked at", () => {
    expect(bodies.length).toBeGreaterThanOrEqual(15);
  });

  it("never have a not at their top, or at an allOf member's", () => {
    const bare = bodies.filter(
      ({ schema }) => hasNot(schema) || listOf(schema.allOf).some((member) => hasNot(derefRecord(spec, member))),
    );
    expect(bare.map((body) => body.where)).toEqual([]);
  });

  it("list the deploy body's fields where a renderer looks for them", () => {
    const deploy = bodies.find((body) => body.where.startsWith("deployModel "))!.schema;
    const fields = (Array.isArray(deploy.allOf) ? deploy.allOf : [deploy]).map((member) => memberAt(member, "properties")).find(isRecord);
    expect(Object.keys(fields ?? {})).toEqual(expect.arrayContaining(["name", "hyperParameters", "deviceType"]));
  });
});

describe("the build's link check", () => {
  const page = (markdown: string) => ({ source: "docs/guides/example.md", sitePath: "guides/example.html", markdown });
  const site = { assetPathOf: (repoPath: string) => repoPath };

  it("rewrites links to pages, to headings of pages and to other files of the repository", () => {
    const { html, links } = renderMarkdown(page("[a](jobs.md) [b](../../README.md#install) [c](../../openapi/platform.yaml) [d](#here)\n\n## Here\n"), site);
    expect(html).toContain('href="jobs.html"');
    expect(html).toContain('href="../readme.html#install"');
    expect(html).toContain('href="../openapi/platform.yaml"');
    // The last is the heading's own permalink.
    expect(links.map((l: { sitePath: string }) => l.sitePath)).toEqual(["guides/jobs.html", "readme.html", "openapi/platform.yaml", "guides/example.html", "guides/example.html"]);
  });

  it("finds a heading a page lacks and a file that does not exist", () => {
    const from = renderMarkdown(page("[a](jobs.md#no-such-heading) [b](../no-such-file.json)"), site);
    const to = renderMarkdown({ source: "docs/guides/jobs.md", sitePath: "guides/jobs.html", markdown: "# Jobs\n" }, site);
    const rendered = new Map([
      ["guides/example.html", { page: { source: "docs/guides/example.md" }, ...from }],
      ["guides/jobs.html", { page: { source: "docs/guides/jobs.md" }, ...to }],
    ]);
    expect(brokenLinks(rendered, new Map([["docs/no-such-file.json", resolve(REPO_ROOT, "docs/no-such-file.json")]]))).toEqual([
      "a page links docs/no-such-file.json, which is not a file of the repository",
      "docs/guides/example.md: the link jobs.md#no-such-heading names a heading that docs/guides/jobs.md does not have",
    ]);
  });
});

describe("the site's server", () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await serveDirectory({ root: built.site });
  });
  afterAll(() => server?.close());

  it("serves a folder's index, and sends a folder asked without its slash to the folder", async () => {
    const folder = await fetch(`${server.url}guides/`);
    expect(folder.status).toBe(200);
    expect(await folder.text()).toContain("<title>Guides");
    const bare = await fetch(`${server.url}guides`, { redirect: "manual" });
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/guides/");
  });

  it("answers 404 outside the site", async () => {
    expect((await fetch(`${server.url}..%2Fdiscrepancies.md`)).status).toBe(404);
    expect((await fetch(`${server.url}no-such-page.html`)).status).toBe(404);
  });
});
