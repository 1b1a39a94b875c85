// The package's declarations on the oldest TypeScript the README promises (5.4: openapi-fetch's
// own declarations need it) and on the newest release, checked in full (skipLibCheck off) and as
// most projects check them (skipLibCheck on), under the strictest options users set. A
// declaration that an older compiler reads as `any` would pass silently: the program below
// holds a chunk's id to its type with a directive that must stay an error.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { installOnDemand, TYPESCRIPT_VERSIONS } from "../../scripts/lib/on-demand-install.mjs";
import { runProcess as run } from "../../scripts/lib/process-run.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { installPackedPackage, type InstalledPackage } from "./installed-package.js";

const COMPILERS = { "5.4 (the lowest supported)": "typescript-5.4", "7 (the newest)": "typescript-7" };
const PROGRAM = `import { createPlatformClient, type ImportModelOptions } from "@platform/management-client";
import { createPlatformClient as createNodeClient } from "@platform/management-client/node";

// Options read from the environment are string | undefined: accepted under exactOptionalPropertyTypes.
const client = createPlatformClient({ baseUrl: process.env["PLATFORM_BASE_URL"], apiKey: process.env["PLATFORM_API_KEY"] });
const node = createNodeClient({ baseUrl: "http://127.0.0.1:9", proxy: false, timeoutMs: undefined });
export async function ids(): Promise<string[]> {
  const found: string[] = [];
  for await (const chunk of client.chunks.list("st-1")) {
    // @ts-expect-error: a chunk's id is a string; this line compiles only if chunks are \`any\`
    const wrong: number = chunk.chunkId;
    found.push(chunk.chunkId, String(wrong));
  }
  return found;
}
export const options: ImportModelOptions = { source: new Blob(["x"]), fileName: "m.tar" };
export const imported = () => node.models.import({ source: "model.tar", chunkSize: undefined });
`;

let installed: InstalledPackage;
beforeAll(async () => {
  // The compilers are a folder of their own (test/typescript-versions), installed here on first use.
  [installed] = await Promise.all([installPackedPackage(), installOnDemand(TYPESCRIPT_VERSIONS)]);
  writeFileSync(join(installed.project, "program.ts"), PROGRAM);
}, 600_000);
afterAll(() => rmSync(installed.scratch, { recursive: true, force: true }));

describe.each(Object.entries(COMPILERS))("TypeScript %s", (_, name) => {
  it.each([false, true])("compiles a strict program against the declarations (skipLibCheck %s)", async (skipLibCheck) => {
    const tsc = resolve(REPO_ROOT, TYPESCRIPT_VERSIONS, "node_modules", name, "bin/tsc");
    const flags = [
      "--noEmit", "--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--module", "nodenext", "--moduleResolution", "nodenext",
      "--target", "es2022", "--lib", "es2022,dom,dom.iterable", "--types", "node", "--pretty", "false",
    ];
    const result = await run(process.execPath, [tsc, ...flags, ...(skipLibCheck ? ["--skipLibCheck"] : []), "program.ts"], { cwd: installed.project });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  }, 120_000);
});
