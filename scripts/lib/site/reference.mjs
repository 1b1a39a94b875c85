// The API reference: Scalar's standalone renderer, copied into the site so it loads nothing from
// anywhere else, over a copy of the spec that carries each operation's code samples. Scalar is
// configured for a site that must work offline: no web fonts (they come from Scalar's servers),
// no developer toolbar or AI agent (both call Scalar's services), no proxy for Test request (it
// goes straight to the server chosen, the local mock first), and only our own samples, which the
// tests prove, in the request panel.
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { listOf } from "../json-members.mjs";
import { scalarStandalone } from "../scalar-standalone.mjs";
import { escapeHtml, FAVICON, SITE_NAME, siteHeader } from "./layout.mjs";

/** @typedef {import("../json-types.ts").JsonRecord} JsonRecord */

/** Where the reference's files land in the site. */
export const REFERENCE = { page: "reference/index.html", spec: "reference/openapi.json", script: "reference/scalar.js" };

/** The mock `npm start` and `npm run mock` serve, offered first to Test request. */
export const LOCAL_MOCK = "http://127.0.0.1:4010";
const MOCK_CREDENTIAL = "mock-key";

/**
 * @param {JsonRecord} spec
 */
function configuration(spec) {
  return {
    withDefaultFonts: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    telemetry: false,
    hiddenClients: true,
    // Its button opens Scalar's hosted client, another site; Test request on each operation stays here.
    hideClientButton: true,
    // Scalar's schema section is titled "Models", the name of one of our tags; each operation
    // shows its schemas anyway.
    hideModels: true,
    // Twenty-five operations in nine tags: the sidebar shows them all at once.
    defaultOpenAllTags: true,
    servers: [
      { url: LOCAL_MOCK, description: "The local mock: npm start (Prism), or npm run mock -- --stateful (any API key works)" },
      ...listOf(spec.servers),
    ],
    // Most operations take the API key, so Test request offers it first; the values are what
    // the local mock takes (any non-empty one), to be replaced with yours for a real host.
    authentication: {
      preferredSecurityScheme: "apiKey",
      securitySchemes: { apiKey: { value: MOCK_CREDENTIAL }, jwtAuth: { value: MOCK_CREDENTIAL } },
    },
    metaData: { title: `API reference · ${SITE_NAME}` },
  };
}

/**
 * Writes the reference into `siteDir`: the page, the spec with samples, and Scalar's script.
 * @param {string} siteDir
 * @param {JsonRecord} specWithSamples
 */
export async function writeReference(siteDir, specWithSamples) {
  await mkdir(resolve(siteDir, "reference"), { recursive: true });
  // Scalar's one-file build, pinned by version and sha256 (scripts/lib/scalar-standalone.mjs).
  await copyFile(await scalarStandalone(), resolve(siteDir, REFERENCE.script));
  await writeFile(resolve(siteDir, REFERENCE.spec), `${JSON.stringify(specWithSamples, null, 2)}\n`);
  await writeFile(
    resolve(siteDir, REFERENCE.page),
    `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference · ${SITE_NAME}</title>
  <link rel="icon" href="../${FAVICON}" type="image/svg+xml">
  <link rel="stylesheet" href="../assets/site.css">
</head>
<body class="reference">
  ${siteHeader(REFERENCE.page)}
  <script id="api-reference" data-url="openapi.json" data-configuration="${escapeHtml(JSON.stringify(configuration(specWithSamples)))}"></script>
  <script src="scalar.js"></script>
</body>
</html>
`,
  );
}
