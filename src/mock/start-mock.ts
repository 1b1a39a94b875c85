// A mock of the platform for other people's test suites: Prism serving the spec that ships in this
// package, on localhost and a free port. Prism is not a dependency of the client (it is large and
// only tests need it), so it is resolved from the caller's project: install @stoplight/prism-cli
// as a dev dependency beside this package.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The spec shipped with this package (openapi/platform.yaml at the package root). */
export const PACKAGED_SPEC = fileURLToPath(new URL("../../openapi/platform.yaml", import.meta.url));

export interface StartMockOptions {
  /** Port to listen on; 0 (the default) lets the system pick a free one. */
  port?: number;
  /** Interface to listen on; the default keeps the mock off the network. */
  host?: string;
  /** Another spec file, e.g. a newer one under test; the packaged spec otherwise. */
  spec?: string;
  /** Generate responses from the schemas instead of serving the spec's examples. */
  dynamic?: boolean;
  /** Answer 500 when a response the mock builds breaks the spec. */
  errors?: boolean;
  /** How long Prism may take to start listening (default 30 s). */
  readyTimeoutMs?: number;
}

export interface MockServer {
  /** Base URL, e.g. http://127.0.0.1:40123: pass it as `baseUrl` to createPlatformClient. */
  url: string;
  /** Stops Prism (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Prism's recent log lines, for a failing test's message. */
  output(): string;
  /** Prism's process id. */
  pid: number | undefined;
}

const PRISM_PACKAGE = "@stoplight/prism-cli";
// Prism 5 logs this line once it accepts requests.
const LISTENING = /Prism is listening on (http:\/\/[^\s/]+)/;
const ANSI = /\x1b\[[0-9;]*m/g;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 200;

/** Path of Prism's CLI script, looked up from this package and then from the working directory. */
export function findPrism(): string {
  // From this package first: the usual install puts Prism in the same node_modules. The working
  // directory covers a linked copy of this package, whose real path is outside the project.
  for (const base of [fileURLToPath(import.meta.url), join(process.cwd(), "package.json")]) {
    let manifestPath: string;
    try {
      manifestPath = createRequire(base).resolve(`${PRISM_PACKAGE}/package.json`);
    } catch {
      continue;
    }
    const { bin } = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
    const relative = typeof bin === "string" ? bin : bin?.["prism"];
    if (relative) return resolve(dirname(manifestPath), relative);
  }
  throw new Error(`The platform mock needs ${PRISM_PACKAGE} 5 in your project: npm install --save-dev ${PRISM_PACKAGE}@5`);
}

/** Starts Prism on the packaged spec; resolves once it listens. Call stop() when done. */
export function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  const { port = 0, host = "127.0.0.1", spec = PACKAGED_SPEC, dynamic = false, errors = false, readyTimeoutMs = 30_000 } = options;
  const args = [findPrism(), "mock", spec, "-h", host, "-p", String(port)];
  if (dynamic) args.push("--dynamic");
  if (errors) args.push("--errors");
  // Prism's own script run by this very Node, so the child we hold is Prism itself (no shell or
  // npx in between) and a signal sent to it reaches it.
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  return whenListening(child, readyTimeoutMs);
}

function whenListening(child: ChildProcess, readyTimeoutMs: number): Promise<MockServer> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  // A caller that never calls stop() must not leave Prism running after its process ends.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  // Prism logs every request, so both pipes are read for its whole life (a full pipe would stall
  // it); only the recent lines are kept.
  const lines: string[] = [];
  const output = () => lines.join("\n");

  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Prism did not start within ${readyTimeoutMs / 1000} s:\n${output()}`));
      void stop();
    }, readyTimeoutMs);
    const onLine = (raw: string) => {
      const line = raw.replace(ANSI, "");
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      const match = LISTENING.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({ url: match[1], stop, output, pid: child.pid });
      }
    };
    createInterface({ input: child.stdout! }).on("line", onLine);
    createInterface({ input: child.stderr! }).on("line", onLine);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      // Ignored once listening; before that, this is the failure to report.
      reject(new Error(`Prism exited (${signal ?? `code ${code}`}) before listening:\n${output()}`));
    });
  });
}
