// The other people's generators the spec must work with, each driven the way its own
// documentation suggests, with no change to the spec and no edit of what it writes: fetch
// clients from two of the most used TypeScript generator families, and a zod schema generator,
// whose translation of the schemas runs when its module loads. The hey-api and orval versions
// are the last for Node 20 (package.json pins them): from @hey-api/openapi-ts 0.96 and orval
// 7.14 on, they declare Node 22.
import { createClient } from "@hey-api/openapi-ts";
import { generate as orval } from "orval";
import { join } from "node:path";
import { cliEntry, runCli } from "../../../scripts/lib/node-cli.mjs";

export interface GenerateContext {
  /** Absolute path of the spec, passed to the tool as it is. */
  spec: string;
  /** Folder the tool writes into; the calling program imports it as `../generated/...`. */
  out: string;
  /** tsconfig the output is compiled with, for tools that shape their imports after one. */
  tsconfig: string;
  /** Where the mock listens, for tools that fix the base URL at generation time. */
  baseUrl: string;
}

export interface Generator {
  name: string;
  /** The calling program, under test/spec/portability/callers/. */
  caller: string;
  /** A file the generation must have written, relative to `out`. */
  entry: string;
  generate(context: GenerateContext): Promise<void>;
}

const heyApi: Generator = {
  name: "@hey-api/openapi-ts",
  caller: "hey-api.ts",
  entry: "index.ts",
  async generate({ spec, out, tsconfig }) {
    await createClient({
      // Must be absolute: a relative path is read as the name of a project on Hey API's hosted
      // platform ("org/project"), to be fetched from the network.
      input: spec,
      output: { path: out, tsConfigPath: tsconfig },
      plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
      // Its default writes an error log into the working directory, which is the repository.
      logs: { level: "silent", file: false },
    });
  },
};

const orvalFetch: Generator = {
  name: "orval",
  caller: "orval.ts",
  entry: "client.ts",
  // orval logs a failed generation and resolves all the same: the test's entry check catches it.
  async generate({ spec, out, baseUrl }) {
    await orval(
      {
        input: { target: spec },
        output: { target: join(out, "client.ts"), client: "fetch", mode: "single", baseUrl, prettier: false },
      },
      out,
    );
  },
};

const openapiZodClient: Generator = {
  name: "openapi-zod-client",
  caller: "openapi-zod-client.ts",
  entry: "api.ts",
  async generate({ spec, out }) {
    const run = await runCli(cliEntry("openapi-zod-client", "openapi-zod-client"), [spec, "-o", join(out, "api.ts")], {
      cwd: out,
    });
    if (run.code !== 0) throw new Error(`openapi-zod-client exited with code ${run.code}:\n${run.stdout}${run.stderr}`);
  },
};

export const GENERATORS: Generator[] = [heyApi, orvalFetch, openapiZodClient];
