// The whole project (sources, tests, generated code) compiles under the strict tsconfig: type
// behaviour such as a missing provider field being an error is part of what the tests promise.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { TSC } from "./support/checker.js";

it("tsc --noEmit reports nothing", () => {
  const run = spawnSync(process.execPath, [TSC, "--noEmit", "-p", REPO_ROOT], { encoding: "utf8" });
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
}, 120_000);
