// npm run docs: the API reference as one self-contained HTML file (Redoc inlined, so it renders
// offline), plus docs/discrepancies.md.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { DISCREPANCIES_MD, REFERENCE_HTML } from "./lib/docs.mjs";
import { renderDiscrepanciesMarkdown } from "./lib/discrepancies.mjs";
import { cliEntry, runCli } from "./lib/node-cli.mjs";
import { loadSpec, specPath } from "./lib/spec.mjs";

const TEMPLATE = fileURLToPath(new URL("build-docs.hbs", import.meta.url));

// The template's policy is what keeps the page offline; a script or stylesheet tag pointing at
// another origin would mean the inlining failed.
const CSP_META = /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/;
const EXTERNAL_TAG = /<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i;

function fail(message) {
  console.error(`build-docs: ${message}`);
  process.exit(1);
}

const spec = specPath();
await mkdir(dirname(REFERENCE_HTML), { recursive: true });
const run = await runCli(
  cliEntry("@redocly/cli", "redocly"),
  [
    "build-docs",
    spec,
    `--output=${REFERENCE_HTML}`,
    `--template=${TEMPLATE}`,
    "--inlineBundle",
    "--openapi.disableTelemetry=true",
  ],
  { echo: true },
);
if (run.code !== 0) fail(`redocly exited with code ${run.code}`);

// Redoc's bundle renders its footer logo from a CDN. The template's policy blocks the load, but
// the browser still logs the violation as an error and the attempt as a request, so the page
// would not be clean offline; the logo's address is replaced by an inline image instead.
const REDOC_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="56" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12">Redocly</text></svg>')}`;
await writeFile(REFERENCE_HTML, (await readFile(REFERENCE_HTML, "utf8")).replace(REDOC_LOGO, INLINE_LOGO));

const html = await readFile(REFERENCE_HTML, "utf8");
if (!CSP_META.test(html)) fail(`${REFERENCE_HTML} lacks the template's Content-Security-Policy`);
const external = html.match(EXTERNAL_TAG);
if (external) fail(`${REFERENCE_HTML} loads from another origin: ${external[0]}`);

await writeFile(DISCREPANCIES_MD, renderDiscrepanciesMarkdown(loadSpec(spec)));
console.log(`wrote ${REFERENCE_HTML}\nwrote ${DISCREPANCIES_MD}`);
