// The other people's generators the spec must work with, each driven through its Node API the
// way its own documentation suggests, with no change to the spec and no edit of what it writes.
// Each reads the document its README row names (README.md, "Which document a tool reads"): the
// OpenAPI 3.1 spec, or its generated 3.0 rendering for the tools that type a file part only from
// 3.0's `format: binary` or read only 3.0. Versions are the newest that run on Node 20 (package.json
// pins them): @hey-api/openapi-ts 0.96 and orval 7.14 on declare Node 22, Kubb 5 too.
import { createClient } from "@hey-api/openapi-ts";
import { memoryStorage as kubbMemory, safeBuild as kubb } from "@kubb/core";
import { pluginClient as kubbClient } from "@kubb/plugin-client";
import { pluginOas as kubbOas } from "@kubb/plugin-oas";
import { pluginTs as kubbTs } from "@kubb/plugin-ts";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateSource as oazapfts } from "oazapfts";
import openapiTS, { astToString } from "openapi-typescript";
import openapiTS6 from "openapi-typescript-6";
import { generate as codegen } from "openapi-typescript-codegen";
import { generateZodClientFromOpenAPI } from "openapi-zod-client";
import { generate as orval } from "orval";

export interface GenerateContext {
  /** Absolute path of the document the generator reads, passed to the tool as it is. */
  spec: string;
  /** Folder the tool writes into; the calling program imports it as `../generated/...`. */
  out: string;
  /** Where the mock listens, for tools that fix the base URL at generation time. */
  baseUrl: string;
}

export interface Generator {
  name: string;
  /** The generator's own folder of the shared workspace. */
  folder: string;
  /** Which document it reads: the 3.1 spec or its 3.0 rendering. */
  document: "3.1" | "3.0";
  /** The calling program, under test/spec/portability/callers/. */
  caller: string;
  /** A file the generation must have written, relative to `out`. */
  entry: string;
  /** tsconfig options that differ from the workspace's NodeNext defaults. */
  compilerOptions?: Record<string, unknown>;
  generate(context: GenerateContext): Promise<void>;
}

// hey-api with its zod plugin, and the SDK told to validate every request and answer with the
// zod schemas: an upload's Blob and every answer of the mock go through them.
const heyApi: Generator = {
  name: "@hey-api/openapi-ts with zod",
  folder: "hey-api",
  document: "3.1",
  caller: "hey-api.ts",
  entry: "zod.gen.ts",
  async generate({ spec, out }) {
    await createClient({
      // Must be absolute: a relative path is read as the name of a project on Hey API's hosted
      // platform ("org/project"), to be fetched from the network.
      input: spec,
      // Imports end in .js, as Node's module rules want (it would find that in a tsconfig).
      output: { path: out, tsConfigPath: null, module: { extension: ".js" } },
      // zod 3 is the major the repository pins (openapi-zod-client's output needs it).
      plugins: ["@hey-api/client-fetch", "@hey-api/typescript", { name: "@hey-api/sdk", validator: true }, { name: "zod", compatibilityVersion: 3 }],
      // Its default writes an error log into the working directory, which is the repository.
      logs: { level: "silent", file: false },
    });
  },
};

// orval types a file part as a Blob only from 3.0's `type: string, format: binary`; from the 3.1
// spec's untyped part its own FormData code does not compile.
const orvalFetch: Generator = {
  name: "orval",
  folder: "orval",
  document: "3.0",
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

// What its command line does: swagger-parser's bundle (its own copy), then the generator.
const openapiZodClient: Generator = {
  name: "openapi-zod-client",
  folder: "openapi-zod-client",
  document: "3.1",
  caller: "openapi-zod-client.ts",
  entry: "api.ts",
  async generate({ spec, out }) {
    const own = createRequire(createRequire(import.meta.url).resolve("openapi-zod-client"));
    const SwaggerParser = own("@apidevtools/swagger-parser") as { bundle(path: string): Promise<never> };
    // The command line's defaults: aliases (one method per operationId), extra properties allowed.
    const options = { withAlias: true, additionalPropertiesDefaultValue: true };
    await generateZodClientFromOpenAPI({ openApiDoc: await SwaggerParser.bundle(spec), distPath: join(out, "api.ts"), options });
  },
};

const openapiTypeScript7: Generator = {
  name: "openapi-typescript 7 with openapi-fetch",
  folder: "openapi-typescript-7",
  document: "3.1",
  caller: "openapi-fetch.ts",
  entry: "schema.ts",
  async generate({ spec, out }) {
    await writeFile(join(out, "schema.ts"), astToString(await openapiTS(pathToFileURL(spec))));
  },
};

// The same calling program as for version 7: openapi-fetch takes either's `paths`.
const openapiTypeScript6: Generator = {
  name: "openapi-typescript 6 with openapi-fetch",
  folder: "openapi-typescript-6",
  document: "3.1",
  caller: "openapi-fetch.ts",
  entry: "schema.ts",
  async generate({ spec, out }) {
    await writeFile(join(out, "schema.ts"), await openapiTS6(pathToFileURL(spec)));
  },
};

const kubbFetch: Generator = {
  name: "Kubb",
  folder: "kubb",
  document: "3.1",
  caller: "kubb.ts",
  entry: "index.ts",
  async generate({ spec, out }) {
    const { error, failedPlugins } = await kubb({
      config: {
        root: out,
        input: { path: spec },
        // Kubb writes each file to its path and, through its default storage, a second copy
        // under the working directory (the repository): the storage is kept in memory instead.
        // Imports end in .js, as Node's module rules want; no formatter or linter is run.
        output: { path: out, clean: true, extension: { ".ts": ".js" }, format: false, lint: false, storage: kubbMemory() },
        plugins: [kubbOas({ validate: true }), kubbTs({}), kubbClient({ client: "fetch", dataReturnType: "full" })],
      },
    });
    const failure = error ?? [...failedPlugins][0]?.error;
    if (failure) throw failure;
  },
};

const oazapftsFetch: Generator = {
  name: "oazapfts",
  folder: "oazapfts",
  document: "3.1",
  caller: "oazapfts.ts",
  entry: "api.ts",
  async generate({ spec, out }) {
    await writeFile(join(out, "api.ts"), await oazapfts(spec, {}));
  },
};

// Its default options (a fetch client, enums); it reads only OpenAPI 3.0 and writes extensionless
// imports for a bundler.
const openapiTypeScriptCodegen: Generator = {
  name: "openapi-typescript-codegen",
  folder: "openapi-typescript-codegen",
  document: "3.0",
  caller: "openapi-typescript-codegen.ts",
  entry: "index.ts",
  compilerOptions: { module: "ESNext", moduleResolution: "Bundler" },
  async generate({ spec, out }) {
    await codegen({ input: spec, output: out });
  },
};

export const GENERATORS: Generator[] = [
  heyApi,
  orvalFetch,
  openapiZodClient,
  openapiTypeScript7,
  openapiTypeScript6,
  kubbFetch,
  oazapftsFetch,
  openapiTypeScriptCodegen,
];
