// The contract mock: Prism serving a spec on localhost and a free port. Prism is not a
// dependency of the client (it is large and only tests need it), so it is resolved from the
// caller's project: install @stoplight/prism-cli as a dev dependency beside this package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchPrism } from "./prism-process.js";

export interface PrismMockOptions {
  /** Port to listen on; 0 (the default) lets the system pick a free one. */
  port?: number | undefined;
  /** Interface to listen on; the default keeps the mock off the network. */
  host?: string | undefined;
  /** The spec file to serve. */
  spec: string;
  /** Generate responses from the schemas instead of serving the spec's examples. */
  dynamic?: boolean | undefined;
  /** Answer 500 when a response the mock builds breaks the spec. */
  errors?: boolean | undefined;
  /** How long Prism may take to start listening (default 60 s: on a busy CI machine it can take over 30). */
  readyTimeoutMs?: number | undefined;
}

export interface PrismMockServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
  pid: number | undefined;
}

const PRISM_PACKAGE = "@stoplight/prism-cli";

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
    const relative = typeof bin === "string" ? bin : bin?.prism;
    if (relative) return resolve(dirname(manifestPath), relative);
  }
  throw new Error(`The platform mock needs ${PRISM_PACKAGE} 5 in your project: npm install --save-dev ${PRISM_PACKAGE}@5 (or use startMock({ stateful: true }), which needs nothing)`);
}

/** Starts Prism on `spec`; resolves once it listens. */
export async function startPrismMock(options: PrismMockOptions): Promise<PrismMockServer> {
  const { port = 0, host = "127.0.0.1", spec, dynamic = false, errors = false, readyTimeoutMs = 60_000 } = options;
  const args = ["mock", spec, "-h", host, "-p", String(port)];
  if (dynamic) args.push("--dynamic");
  if (errors) args.push("--errors");
  const { url, stop, output, pid } = await launchPrism({ script: findPrism(), args, readyTimeoutMs });
  return { url, stop, output, pid };
}
