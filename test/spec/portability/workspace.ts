// A throw-away folder outside the repository holding one generator's output, the calling program
// and the tsconfig they are compiled with, laid out as the callers' imports expect:
//   call-contract.ts  callers/<caller>.ts  generated/...  tsconfig.json  caller.mjs
import { build } from "esbuild";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { cliEntry, runCli } from "../../../scripts/lib/node-cli.mjs";
import type { CreateCalls } from "./call-contract.js";
import type { Generator } from "./generators.js";

const HERE = dirname(fileURLToPath(import.meta.url));

// --strict with skipLibCheck, under Node's module rules (NodeNext), which also hold generated
// imports to real file names as a consumer on Node needs them. No @types: the clients target
// fetch, which the DOM library types.
const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [],
};

export class Workspace {
  readonly dir: string;
  readonly generated: string;
  readonly tsconfig: string;
  readonly caller: string;

  constructor(generator: Generator) {
    this.dir = mkdtempSync(join(tmpdir(), `portability-${generator.caller.replace(/\.ts$/, "")}-`));
    this.generated = join(this.dir, "generated");
    this.tsconfig = join(this.dir, "tsconfig.json");
    this.caller = join(this.dir, "callers", generator.caller);
    mkdirSync(this.generated);
    mkdirSync(dirname(this.caller));
    copyFileSync(join(HERE, "call-contract.ts"), join(this.dir, "call-contract.ts"));
    copyFileSync(join(HERE, "callers", generator.caller), this.caller);
    // ESM, like the repository, so NodeNext reads the .ts files as modules.
    writeFileSync(join(this.dir, "package.json"), JSON.stringify({ type: "module", private: true }));
    // Packages a generated client imports (zod, its HTTP library) resolve from the repository's
    // pinned copies, for tsc and for Node alike.
    symlinkSync(resolve(REPO_ROOT, "node_modules"), join(this.dir, "node_modules"), "dir");
    writeFileSync(
      this.tsconfig,
      JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [this.caller], include: ["generated"] }, null, 2),
    );
  }

  /** tsc's diagnostics, one per line; empty when the output and the caller compile. */
  async typecheck(): Promise<string[]> {
    const run = await runCli(cliEntry("typescript", "tsc"), ["-p", this.tsconfig, "--pretty", "false"], { cwd: this.dir });
    const lines = `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.trim() !== "");
    if (run.code !== 0 && lines.length === 0) lines.push(`tsc exited with code ${run.code}`);
    return lines;
  }

  /**
   * Bundles the calling program with the generated code into one ES module and imports it. esbuild
   * only strips types, so this runs even when tsc has complaints: the two checks fail separately.
   */
  async loadCaller(): Promise<CreateCalls> {
    const outfile = join(this.dir, "caller.mjs");
    await build({
      entryPoints: [this.caller],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      logLevel: "silent",
    });
    const module = (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as { createCalls: CreateCalls };
    return module.createCalls;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
