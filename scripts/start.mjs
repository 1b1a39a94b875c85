// npm start: rebuild everything from the spec (generate, lint, docs; the first failure stops it),
// then serve the Prism mock and the docs on 127.0.0.1 until SIGINT or SIGTERM.
import { spawnSync } from "node:child_process";
import { DOCS_DIR, REFERENCE_HTML } from "./lib/docs.mjs";
import { startPrism } from "./lib/prism.mjs";
import { parsePort, stopOnSignal } from "./lib/serve.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";
import { serveDirectory } from "./lib/static-server.mjs";

// Under `npm start` npm names its own entry script: run that with this Node rather than
// whichever `npm` comes first on PATH.
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

for (const script of ["generate", "lint", "docs"]) npmRun(script);

const [mock, docs] = await Promise.allSettled([
  startPrism({ port: mockPort }),
  serveDirectory({ root: DOCS_DIR, index: REFERENCE_HTML, port: docsPort }),
]);
const stopAll = () => Promise.all([mock.value?.stop(), docs.value?.close()]);
if (mock.status === "rejected" || docs.status === "rejected") {
  console.error(`start: ${(mock.reason ?? docs.reason).message}`);
  await stopAll();
  process.exit(1);
}

console.log(`
  Mock server   ${mock.value.url}
  API reference ${docs.value.url}
  Discrepancies ${docs.value.url}discrepancies.md

Ctrl-C to stop.`);
stopOnSignal(stopAll);
