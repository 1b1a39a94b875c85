// npm run proxy -- https://HOST [--port N] [--record-drift FILE]: Prism as a validating proxy
// (--errors) in front of a real environment, on 127.0.0.1 until SIGINT or SIGTERM. A client pointed
// at it talks to the environment as before, and whatever breaks the spec on the way (a request, or
// the environment's answer) comes back as an error carrying the violations and is logged here.
// With --record-drift, every departure also goes into a drift report (the client's format).
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { startAnswerTap } from "./lib/answer-tap.mjs";
import { startPrismProxy } from "./lib/prism.mjs";
import { startDriftRecording } from "./lib/proxy-drift.mjs";
import { parsePort, stopOnSignal } from "./lib/serve.mjs";
import { startViolationLog } from "./lib/violation-log.mjs";

const USAGE = "usage: npm run proxy -- https://HOST [--port N] [--record-drift FILE]   (port also from PORT; default 4011)";

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`proxy: ${message}\n${USAGE}`);
  process.exit(2);
}

/**
 * The upstream's origin, or exit with the reason it cannot be one.
 * @param {string | undefined} value
 */
function parseUpstream(value) {
  let url;
  try {
    url = new URL(value ?? "");
  } catch {
    fail(`upstream is not an absolute URL: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") fail(`upstream must be http(s): ${value}`);
  // Prism appends the spec's full paths (/api/public/..., /api/v2/...) to the upstream's path,
  // so a path here would be requested twice over.
  if (url.pathname !== "/") fail(`upstream must have no path (the spec's paths are complete): ${value}`);
  // Prism replaces the upstream's query with each request's own, and never sends a fragment.
  if (url.search || url.hash) fail(`upstream must carry no query or fragment: ${value}`);
  // Prism would print them in every "Forwarding" line (so this message does not repeat them);
  // credentials belong in the client's x-api-key and auth headers, which pass through.
  if (url.username || url.password) fail("upstream must carry no credentials");
  return url.origin;
}

let args;
try {
  args = parseArgs({ options: { port: { type: "string" }, "record-drift": { type: "string" } }, allowPositionals: true });
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
const { values, positionals } = args;
if (positionals.length !== 1) fail(positionals.length === 0 ? "missing the upstream URL" : "expected one upstream URL");
const upstream = parseUpstream(positionals[0]);
const port = values.port === undefined ? parsePort(process.env.PORT, 4011, "PORT") : parsePort(values.port, 4011, "--port");
const driftFile = values["record-drift"];
if (driftFile === "") fail("--record-drift needs a file name");
// Registered before anything starts: a signal during start-up stops what is running so far
// (and process.exit takes down a Prism still starting, see prism.mjs).
/** @type {import("../src/mock/prism/prism-process.js").PrismProcess | undefined} */
let prism;
/** @type {Awaited<ReturnType<typeof startViolationLog>> | undefined} */
let front;
/** @type {Awaited<ReturnType<typeof startAnswerTap>> | undefined} */
let tap;
/** @type {Awaited<ReturnType<typeof startDriftRecording>> | undefined} */
let drift;
stopOnSignal(async () => {
  await front?.close();
  await prism?.stop();
  await tap?.close();
  await drift?.flush();
});

try {
  // Recording drift puts a tap between Prism and the environment, which sees each answer as it
  // came. Prism listens on a free port of its own; the logging pass-through takes the port asked for.
  if (driftFile) {
    drift = await startDriftRecording({ file: driftFile });
    tap = await startAnswerTap({ upstream, wants: drift.wants, onAnswer: drift.onAnswer });
  }
  prism = await startPrismProxy({ upstream: tap?.url ?? upstream });
  front = await startViolationLog({ target: prism.url, port, ...(drift ? { onProblem: drift.onProblem } : {}) });
} catch (error) {
  console.error(`proxy: ${/** @type {Error} */ (error).message}`);
  await prism?.stop();
  await tap?.close();
  process.exit(1);
}
// Prism's request log (received, forwarded, what the upstream returned) is echoed from here on;
// the route list it prints while starting is left out.
for (const stream of [prism.child.stdout, prism.child.stderr]) {
  if (stream) createInterface({ input: stream }).on("line", (line) => console.log(line));
}

console.log(`
Validating proxy: ${front.url} -> ${upstream}  (Ctrl-C to stop)

Point the client at it:
  createPlatformClient({ baseUrl: "${front.url}", apiKey, jwt })

A request that breaks the spec is answered 422 (401 without its credential header) and never
reaches ${upstream}; an upstream answer that breaks it becomes a 500. The answer lists the
violations (problem+json "validation"; a 500 also has them in the "sl-violations" header),
and they are logged here.
Binary uploads are not byte-exact through Prism (it reads bodies as UTF-8 text): upload model
chunks and files directly, not through this proxy.
${driftFile ? `\nDrift report: ${driftFile} (the environment's answers as they came, and the refused requests)\n` : ""}`);
