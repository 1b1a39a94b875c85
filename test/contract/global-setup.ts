// vitest globalSetup for the contract suite: ONE Prism mock of openapi/platform.yaml for the
// whole run, shared by every contract test file through `provide`/`inject`.
//
// One server rather than one per file: Prism takes about a second to start and both cores are
// already busy with test workers, and the contract tests only read from it (static mocks keep
// no state), so sharing is safe. Prism runs with its defaults: static examples and request
// validation on, which is the point of the suite (a request the spec refuses answers 422).
import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.mjs";
import { specPath } from "../../scripts/lib/spec.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the shared Prism mock, e.g. http://127.0.0.1:40123 */
    prismUrl: string;
    /** Absolute path of the spec Prism serves, so tests can check they read the very same file. */
    prismSpec: string;
  }
}

let stop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject): Promise<void> {
  const spec = specPath();
  // Port 0: the OS picks a free port, so parallel runs (and a `npm run mock` on 4010) never clash.
  // startPrism spawns the pinned @stoplight/prism-cli with this very Node and resolves once
  // Prism logs that it is listening (it rejects with Prism's output if it never does).
  // 120 s, not the launcher's 30: this runs once before every contract file, while the other
  // projects' workers hold both cores, and a Prism that was merely slow to start then ended the
  // whole run with "No test files found" instead of running the suite.
  const prism = await startPrism({ spec, port: 0, readyTimeoutMs: 120_000 });
  let stopping = false;
  stop = async () => {
    stopping = true;
    await prism.stop();
  };
  // A Prism that dies mid-run shows up in the tests as ConnectionErrors; its own last words
  // say why, so they are printed rather than lost.
  prism.child.once("exit", (code, signal) => {
    if (!stopping) console.error(`[contract] Prism exited during the run (${signal ?? `code ${code}`}):\n${prism.output()}`);
  });
  project.provide("prismUrl", prism.url);
  project.provide("prismSpec", spec);
}

export async function teardown(): Promise<void> {
  await stop?.();
  stop = undefined;
}
