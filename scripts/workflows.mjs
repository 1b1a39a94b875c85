// npm run workflows -- --server [platform=]URL [--input name=value ...] [--workflow ID ...]
//                      [--format text|json|junit|sarif] [--output FILE]
// npm run workflows -- --from RESPECT.json [--format ...] [--output FILE]
//
// Runs the workflows of openapi/platform.arazzo.yaml with Redocly Respect against a server (your
// environment, or a mock), then writes the results in the format asked for: text (default), json,
// or the drift report's CI formats, junit and sarif. --from converts a JSON log Respect wrote
// (`redocly respect ... --json-output FILE`) instead of running anything.
//
// Credentials come from the environment only, never the command line: PLATFORM_API_KEY (sent
// as x-api-key) and PLATFORM_JWT (the chunk operations' auth header), as for the `platform` CLI.
// Respect masks both in what it prints and writes. Exit code: 0 every workflow passed, 1 one
// failed, 2 wrong arguments or environment (nothing was sent).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ARAZZO, arazzoPath, loadArazzo, workflowInputs } from "./lib/arazzo.mjs";
import { isRecord, listOf, memberAt } from "./lib/json-members.mjs";
import { respectArgs, workflowResults } from "./lib/respect.mjs";
import { REPORT_FORMATS, toJson, toJUnit, toSarif, toText } from "./lib/respect-report.mjs";
import { toolEnv } from "./lib/node-cli.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";

/** @typedef {import("./lib/json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./lib/json-types.ts").JsonValue} JsonValue */

// The inputs that are credentials, and the variable each comes from.
/** @type {Record<string, string | undefined>} */
const CREDENTIALS = { apiKey: "PLATFORM_API_KEY", jwt: "PLATFORM_JWT" };
const USAGE =
  "usage: npm run workflows -- --server [platform=]URL [--input name=value ...] [--workflow ID ...] [--format text|json|junit|sarif] [--output FILE]\n       npm run workflows -- --from RESPECT.json [--format ...] [--output FILE]";

/**
 * @param {string} message
 * @returns {never}
 */
function usage(message) {
  console.error(`workflows: ${message}\n${USAGE}`);
  process.exit(2);
}

/** @type {{ server?: string, input: string[], workflow: string[], format: string, output?: string, from?: string }} */
let values;
try {
  ({ values } = parseArgs({
    options: {
      server: { type: "string" },
      input: { type: "string", multiple: true, default: [] },
      workflow: { type: "string", multiple: true, default: [] },
      format: { type: "string", default: "text" },
      output: { type: "string" },
      from: { type: "string" },
    },
  }));
} catch (error) {
  usage(/** @type {Error} */ (error).message);
}
if (!REPORT_FORMATS.includes(values.format)) usage(`--format must be one of ${REPORT_FORMATS.join(", ")}, got "${values.format}"`);

const arazzo = loadArazzo();
/** @type {string[]} */
const known = listOf(arazzo.workflows).map((w) => String(memberAt(w, "workflowId")));
for (const id of values.workflow) if (!known.includes(id)) usage(`--workflow ${id} is not a workflow of ${DEFAULT_ARAZZO} (known: ${known.join(", ")})`);

/** Runs Respect in a child (scripts/lib/respect-child.mjs), its output passed through on stderr; resolves to its JSON log. */
async function run() {
  if (!values.server) usage("--server is required (or --from, to convert a log)");
  const server = values.server.startsWith("platform=") ? values.server.slice("platform=".length) : values.server;
  try {
    if (!/^https?:$/.test(new URL(server).protocol)) throw new Error();
  } catch {
    usage(`--server must be an http(s) URL, got "${server}"`);
  }
  const chosen = values.workflow.length > 0 ? values.workflow : known;
  // Inputs by workflow, with the workflows a chosen one depends on (Respect runs those too).
  /** @param {string} id */
  const dependencies = (id) => listOf(memberAt(listOf(arazzo.workflows).find((w) => memberAt(w, "workflowId") === id), "dependsOn")).map(String);
  const running = [...new Set(chosen.flatMap((id) => [...dependencies(id), id]))];
  const declared = new Map(running.flatMap((id) => Object.entries(workflowInputs(arazzo, id).properties)));
  /** @type {Record<string, unknown>} */
  const inputs = {};
  for (const pair of values.input) {
    const at = pair.indexOf("=");
    if (at <= 0) usage(`--input takes name=value, got "${pair}"`);
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (CREDENTIALS[name])
      usage(`--input ${name}: credentials are read from ${CREDENTIALS[name]}, never the command line (a command line is visible to every user of the machine)`);
    if (!declared.has(name)) usage(`--input ${name} is not an input of ${chosen.join(", ")} (inputs: ${[...declared.keys()].join(", ")})`);
    if (memberAt(declared.get(name), "format") === "password") usage(`--input ${name} is a secret and cannot be given on the command line; its default is used`);
    inputs[name] = value;
  }
  for (const id of running) {
    for (const name of workflowInputs(arazzo, id).required) {
      if (CREDENTIALS[name] ? !process.env[CREDENTIALS[name]] : inputs[name] === undefined) {
        usage(
          `${id} needs ${CREDENTIALS[name] ? `${CREDENTIALS[name]} set in the environment` : `--input ${name}=...`}${values.workflow.length === 0 ? " (or choose workflows with --workflow)" : ""}`,
        );
      }
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "workflows-"));
  const jsonOutput = join(dir, "respect.json");
  try {
    const args = respectArgs({ document: arazzoPath(), server, inputs, workflows: values.workflow, jsonOutput });
    const env = { ...toolEnv, PLATFORM_RESPECT_ARGS: JSON.stringify(args) };
    const child = spawn(process.execPath, [resolve(REPO_ROOT, "scripts/lib/respect-child.mjs")], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
    // Respect's own report goes to stderr, so stdout carries only the format asked for.
    child.stdout.pipe(process.stderr);
    await new Promise((done, fail) => child.on("error", fail).on("close", done));
    /** @type {JsonValue | undefined} */
    let log;
    try {
      log = JSON.parse(readFileSync(jsonOutput, "utf8"));
    } catch {}
    if (isRecord(log)) return log;
    console.error("workflows: Respect wrote no JSON log (see its output above)");
    process.exit(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {string} file
 * @returns {JsonRecord} Respect's JSON log
 */
function readLog(file) {
  /** @type {JsonValue} */
  let log;
  try {
    log = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return usage(`--from ${file}: ${/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT" ? "no such file" : "not a JSON log of Respect"}`);
  }
  if (!isRecord(log)) return usage(`--from ${file}: not a JSON log of Respect`);
  return log;
}

const log = values.from ? readLog(values.from) : await run();
const results = workflowResults(log);
if (values.from && results.length === 0) usage(`--from ${values.from}: the log holds no workflow run`);
/** @type {Record<string, (results: import("./lib/respect.mjs").WorkflowResult[]) => string>} */
const renderers = { text: toText, json: toJson, junit: toJUnit, sarif: (r) => `${JSON.stringify(toSarif(r), null, 2)}\n` };
// --format is one of REPORT_FORMATS, checked above.
const rendered = /** @type {NonNullable<(typeof renderers)[string]>} */ (renderers[values.format])(results);
if (values.output) writeFileSync(values.output, rendered);
else process.stdout.write(rendered);
process.exitCode = results.length > 0 && results.every((w) => w.status === "success") ? 0 : 1;
