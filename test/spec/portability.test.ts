// The spec has to work with other people's tools, not only with this package's generator: each
// generator below builds a client from openapi/platform.yaml as it is, the client and a program
// calling every operation compile under tsc --strict without an edit, and each call reaches the
// Prism mock of the same spec with a request it accepts (2xx). Prism validates every request, so
// a generator that misreads a parameter, a body or a security scheme shows up as a 4xx here.
// The operations come from the spec, so one added without a call in a calling program fails.
// Last, swagger-parser (which orval and many others build on) must call the spec valid.
import SwaggerParser from "@apidevtools/swagger-parser";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listOperations, loadSpec, specPath } from "../../scripts/lib/spec.mjs";
import { CREDENTIALS } from "../support/sample-requests.js";
import type { CreateCalls } from "./portability/call-contract.js";
import { callInput } from "./portability/call-inputs.js";
import { GENERATORS } from "./portability/generators.js";
import { Workspace } from "./portability/workspace.js";

const file = specPath();
const spec = loadSpec(file);
const operations = listOperations(spec);
const operationIds = operations.map((op) => op.operationId);

// Generation, tsc and the calls together take a few seconds per generator; tsc alone can take
// several on a busy machine.
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

for (const generator of GENERATORS) describe(generator.name, () => {
  let workspace: Workspace;
  // Each step needs the previous one's result; sharing the promises keeps a single step runnable
  // on its own (vitest -t) and does the work once.
  let generation: Promise<void> | undefined;
  let loading: Promise<CreateCalls> | undefined;
  const generated = () =>
    (generation ??= generator.generate({
      spec: file,
      out: workspace.generated,
      tsconfig: workspace.tsconfig,
      baseUrl: inject("prismUrl"),
    }));
  const loaded = async () => {
    await generated();
    return (loading ??= workspace.loadCaller());
  };

  beforeAll(() => {
    workspace = new Workspace(generator);
  });
  afterAll(() => workspace?.remove());

  it("generates a client from the unpatched spec", async () => {
    await generated();
    expect(existsSync(join(workspace.generated, generator.entry)), generator.entry).toBe(true);
  }, STEP_TIMEOUT);

  it("compiles its output and a program calling every operation under tsc --strict", async () => {
    await generated();
    expect(await workspace.typecheck()).toEqual([]);
  }, STEP_TIMEOUT);

  it("loads: importing the generated module does not throw", async () => {
    // The output is bundled with the calling program and imported: syntax it should not contain
    // fails the bundle, and schemas a generator builds at load time (a zod discriminated union
    // it cannot build) throw here, before any call.
    await expect(loaded()).resolves.toBeTypeOf("function");
  }, STEP_TIMEOUT);

  it("answers 2xx to every operation of the spec, called through the generated client", async () => {
    // Prism must serve the very spec the client was generated from.
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

// 12.1.0 is the major orval 7 itself depends on, so one copy is installed and this verdict is
// also orval's reading of the spec; 13.1 declares Node 22.
it("passes swagger-parser validate", async () => {
  // validate() resolves with the dereferenced document and rejects with the schema's complaints.
  await expect(SwaggerParser.validate(file)).resolves.toMatchObject({ openapi: spec.openapi });
});
