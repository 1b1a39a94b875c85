// npm start: rebuild everything from the spec (generate, lint, docs; the first failure stops it),
// then serve the Prism mock and the documentation site on 127.0.0.1 until SIGINT or SIGTERM. The
// mock names a refused request's own violations in its body (./lib/violation-answers.mjs), which
// is what the API reference's Test request shows.
import { spawnSync } from "node:child_process";
import { SITE_DIR } from "./lib/docs.mjs";
import { startPrismMock } from "./lib/prism.mjs";
import { ensurePortFree, exitIfPortInUse, parsePort, stopOnSignal } from "./lib/serve.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";
import { serveDirectory } from "./lib/static-server.mjs";

// Under `npm start` npm names its own entry script: run that with this Node rather than
// whichever `npm` comes first on PATH.
/**
 * @param {string} script
 */
function npmRun(script) {
  const [command, args] = process.env.npm_execpath
    ? [process.execPath, [process.env.npm_execpath, "run", script]]
    : ["npm", ["run", script]];
  const { status, error } = spawnSync(command, args, { cwd: REPO_ROOT, stdio: "inherit" });
  if (status !== 0) {
    console.error(`start: npm run ${script} failed${error ? `: ${error.message}` : ""}`);
    process.exit(status || 1);
  }
}

const mockPort = parsePort(process.env.MOCK_PORT, 4010, "MOCK_PORT");
const docsPort = parsePort(process.env.DOCS_PORT, 4020, "DOCS_PORT");
if (mockPort !== 0 && mockPort === docsPort) {
  console.error(`start: MOCK_PORT and DOCS_PORT are both ${mockPort}: give them different ports`);
  process.exit(2);
}
// A taken port is one line naming the variable that moves it.
const VARIABLES = new Map([
  [mockPort, "MOCK_PORT"],
  [docsPort, "DOCS_PORT"],
]);
const portTaken = (/** @type {unknown} */ error) =>
  exitIfPortInUse(error, {
    script: "start",
    setting: (port) => `set ${VARIABLES.get(port) ?? "MOCK_PORT or DOCS_PORT"} to a free port (${VARIABLES.get(port) ?? "MOCK_PORT"}=${port + 1} npm start)`,
  });

// Checked before the build, which takes a while, and again when the servers start below.
for (const port of [mockPort, docsPort]) await ensurePortFree(port).catch(portTaken);

for (const script of ["generate", "lint", "docs"]) npmRun(script);

const [mock, docs] = await Promise.allSettled([startPrismMock({ port: mockPort }), serveDirectory({ root: SITE_DIR, port: docsPort })]);
const stopAll = () => Promise.all([mock.status === "fulfilled" && mock.value.stop(), docs.status === "fulfilled" && docs.value.close()]);
if (mock.status === "rejected" || docs.status === "rejected") {
  await stopAll();
  const reason = mock.status === "rejected" ? mock.reason : docs.status === "rejected" ? docs.reason : undefined;
  if (reason?.code === "EADDRINUSE") portTaken(reason);
  console.error(`start: ${reason.message}`);
  process.exit(1);
}

console.log(`
  Mock server     ${mock.value.url}
  Documentation   ${docs.value.url}
  API reference   ${docs.value.url}reference/

Ctrl-C to stop.`);
stopOnSignal(stopAll);
