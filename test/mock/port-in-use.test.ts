// A port that is taken is one line on stderr, naming the port and the setting that moves it,
// whichever server meets it: the docs server and Prism under npm start (MOCK_PORT, DOCS_PORT),
// Prism and the stateful mock under npm run mock (--port, PORT) and platform-mock (--port).
// Prism's own report of it is its whole usage text; none of that may get through.
import { createServer, type Server } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { startMock } from "../../src/mock/start-mock.js";
import { runBounded } from "../support/bounded-run.js";

let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => taken.close(() => done())));

const runToEnd = (args: string[], env: Record<string, string> = {}) => runBounded(process.execPath, args, { cwd: REPO_ROOT, env, timeoutMs: 60_000 });

const PLATFORM_MOCK = ["--import", "tsx", resolve(REPO_ROOT, "src/mock/cli.ts")];

describe("a taken port is one line naming its setting", () => {
  // Two ports npm start needs, each taken in turn while the other is free (port 0 checks nothing).
  it.each([
    ["MOCK_PORT", { DOCS_PORT: "0" }],
    ["DOCS_PORT", { MOCK_PORT: "0" }],
  ])("npm start with %s taken stops before building anything", async (variable, other) => {
    const run = await runToEnd([resolve(REPO_ROOT, "scripts/start.mjs")], { ...other, [variable]: String(port) });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`start: port ${port} is in use: set ${variable} to a free port (${variable}=${port + 1} npm start)\n`);
    expect(run.stdout).toBe("");
  });

  it.each([
    ["Prism", []],
    ["the stateful mock", ["--stateful"]],
  ])("npm run mock: %s", async (_name, extra) => {
    const run = await runToEnd([resolve(REPO_ROOT, "scripts/mock.mjs"), "--port", String(port), ...extra]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`npm run mock: port ${port} is in use: pass another with --port (npm run mock -- --port ${port + 1}) or set PORT\n`);
  });

  it.each([
    ["Prism", []],
    ["the stateful mock", ["--stateful"]],
  ])("platform-mock: %s", async (_name, extra) => {
    const run = await runToEnd([...PLATFORM_MOCK, "--port", String(port), ...extra]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`platform-mock: port ${port} is in use: pick another with --port N (or PORT=N)\n`);
    expect(run.stdout).toBe("");
  });

  it("startMock rejects with the code and port for a caller that names its own setting", async () => {
    const failure = await startMock({ stateful: true, port }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "EADDRINUSE", port, message: `port ${port} on 127.0.0.1 is in use` });
  });
});
