// The spec has to work with other people's tools, not only with this package's generator: each
// generator below builds a client from the document it reads (openapi/platform.yaml as it is, or
// its generated 3.0 rendering), the client and a program calling every operation compile under
// tsc --strict without an edit, and each call reaches the Prism mock of the 3.1 spec with a
// request it accepts (2xx). Prism validates every request, so a generator that misreads a
// parameter, a body or a security scheme shows up as a 4xx here, and a 3.0 rendering that
// describes other requests than the spec does shows up the same way.
// The operations come from the spec, so one added without a call in a calling program fails.
// Last, swagger-parser (which orval and many others build on) must call the spec valid.
//
// All generators share one temp workspace (one folder each) and one parse of the declaration
// files tsc reads, since compiling is most of the cost.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { installOnDemand, PORTABILITY_TOOLS } from "../../scripts/lib/on-demand-install.mjs";
import { openApi30Path } from "../../scripts/lib/openapi-3.0.mjs";
import { listOperations, loadSpec, REPO_ROOT, specPath } from "../../scripts/lib/spec.mjs";
import { TSC } from "../support/checker.js";
import { CREDENTIALS } from "../support/sample-requests.js";
import type { CreateCalls } from "./portability/call-contract.js";
import { callInput } from "./portability/call-inputs.js";
import type { GeneratorFolder } from "./portability/workspace.js";

// The tools are a folder of their own (test/spec/portability/package.json), installed here on first use.
await installOnDemand(PORTABILITY_TOOLS);
const { GENERATORS } = await import("./portability/generators.js");
const { Workspace } = await import("./portability/workspace.js");
const { SwaggerParser } = await import("./portability/tools.js");

const file = specPath();
const spec = loadSpec(file);
const operations = listOperations(spec);
const operationIds = operations.map((op) => op.operationId);
const documents = { "3.1": file, "3.0": openApi30Path() };

// Generation, tsc and the calls together take a few seconds per generator on a busy machine.
const STEP_TIMEOUT = 120_000;

/** "2xx", or what went wrong in a form that names the operation's problem. */
async function verdict(call: (() => Promise<{ status: number; body: unknown }>) | undefined): Promise<string> {
  if (!call) return "no call in the calling program";
  try {
    const { status, body } = await call();
    if (status >= 200 && status < 300) return "2xx";
    return `${status} ${JSON.stringify(body)?.slice(0, 300)}`;
  } catch (error) {
    // Validation errors keep the details (which field, which rule) in `cause`.
    const cause = (error as { cause?: unknown }).cause;
    return `threw ${String(error)}${cause === undefined ? "" : ` (${String(cause).slice(0, 300)})`}`;
  }
}

let workspace: InstanceType<typeof Workspace>;
beforeAll(() => {
  workspace = new Workspace();
});
afterAll(() => workspace?.remove());

for (const generator of GENERATORS) describe(`${generator.name} (reads the ${generator.document} document)`, () => {
  let folder: GeneratorFolder;
  // Each step needs the previous one's result; sharing the promises keeps a single step runnable
  // on its own (vitest -t) and does the work once.
  let generation: Promise<void> | undefined;
  let loading: Promise<CreateCalls> | undefined;
  const generated = () => {
    folder ??= workspace.folder(generator);
    generation ??= generator.generate({ spec: documents[generator.document], out: folder.generated, baseUrl: inject("prismUrl") });
    return generation;
  };
  const loaded = async () => {
    await generated();
    loading ??= folder.loadCaller();
    return loading;
  };

  it("generates a client from the unpatched document", async () => {
    await generated();
    expect(existsSync(join(folder.generated, generator.entry)), generator.entry).toBe(true);
  }, STEP_TIMEOUT);

  it("compiles its output and a program calling every operation under tsc --strict", async () => {
    await generated();
    expect(folder.typecheck()).toEqual([]);
  }, STEP_TIMEOUT);

  it("loads: importing the generated module does not throw", async () => {
    // The output is bundled with the calling program and imported: syntax it should not contain
    // fails the bundle, and schemas a generator builds at load time (a zod discriminated union
    // it cannot build) throw here, before any call.
    await expect(loaded()).resolves.toBeTypeOf("function");
  }, STEP_TIMEOUT);

  it("answers 2xx to every operation of the spec, called through the generated client", async () => {
    // Prism must serve the very spec the client (or the 3.0 rendering) was generated from.
    expect(inject("prismSpec")).toBe(file);
    const calls = (await loaded())({ baseUrl: inject("prismUrl"), credentials: { ...CREDENTIALS } });
    const verdicts: Record<string, string> = {};
    for (const op of operations) {
      const call = calls[op.operationId];
      verdicts[op.operationId] = await verdict(call && (() => call(callInput(spec, op))));
    }
    expect(verdicts).toEqual(Object.fromEntries(operationIds.map((id) => [id, "2xx"])));
    // A call for an operation the spec no longer has means the calling program is stale.
    expect(Object.keys(calls).sort()).toEqual([...operationIds].sort());
  }, STEP_TIMEOUT);
});

// The root tsconfig leaves the suite out (its tools are not there after a contributor's npm ci):
// its own files are checked here, under the project's settings, once the tools are installed.
it("the portability suite's own files compile (tsc -p test/spec/portability)", () => {
  const run = spawnSync(process.execPath, [TSC, "--noEmit", "-p", resolve(REPO_ROOT, PORTABILITY_TOOLS)], { encoding: "utf8" });
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
}, STEP_TIMEOUT);

// 12.1.0 is the major orval 7 itself depends on, so one copy is installed and this verdict is
// also orval's reading of the spec; 13.1 declares Node 22.
it("passes swagger-parser validate", async () => {
  // validate() resolves with the dereferenced document and rejects with the schema's complaints.
  await expect(SwaggerParser.validate(file)).resolves.toMatchObject({ openapi: spec.openapi });
});
