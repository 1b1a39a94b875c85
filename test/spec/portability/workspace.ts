// One throw-away folder outside the repository for the whole portability run, with a folder per
// generator holding its output and its calling program, laid out as the callers' imports expect:
//   node_modules -> test/spec/portability's   package.json
//   <generator>/call-contract.ts   <generator>/callers/<caller>.ts   <generator>/generated/...
// Sharing the root means one node_modules link and one package.json; each generator still has
// its own folder, so outputs never collide.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { CreateCalls } from "./call-contract.js";
import type { Generator } from "./generators.js";
import { typecheck, typeScriptFiles } from "./typecheck.js";

const HERE = dirname(fileURLToPath(import.meta.url));

// --strict with skipLibCheck, under Node's module rules (NodeNext), which also hold generated
// imports to real file names as a consumer on Node needs them. No @types: the clients target
// fetch, which the DOM library types. A generator that writes for bundlers says so
// (`compilerOptions` of its entry) and is held to the bundler's rules instead.
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
  readonly root: string;

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), "portability-"));
    // ESM, like the repository, so NodeNext reads the .ts files as modules.
    writeFileSync(join(this.root, "package.json"), JSON.stringify({ type: "module", private: true }));
    // Packages a generated client imports (zod, its HTTP library) resolve from the portability
    // folder's pinned copies (its own install, beside this file), for tsc and for Node alike.
    symlinkSync(join(HERE, "node_modules"), join(this.root, "node_modules"), "dir");
  }

  /** The folder of one generator, with the call contract and its calling program copied in. */
  folder(generator: Generator): GeneratorFolder {
    return new GeneratorFolder(join(this.root, generator.folder), generator);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export class GeneratorFolder {
  readonly generated: string;
  readonly caller: string;

  constructor(
    readonly dir: string,
    private readonly generator: Generator,
  ) {
    this.generated = join(dir, "generated");
    this.caller = join(dir, "callers", generator.caller);
    mkdirSync(this.generated, { recursive: true });
    mkdirSync(dirname(this.caller), { recursive: true });
    copyFileSync(join(HERE, "call-contract.ts"), join(dir, "call-contract.ts"));
    copyFileSync(join(HERE, "callers", generator.caller), this.caller);
  }

  /** tsc's diagnostics for the output and the caller, one per line; empty when they compile. */
  typecheck(): string[] {
    const options = { ...COMPILER_OPTIONS, ...this.generator.compilerOptions };
    return typecheck(this.dir, [this.caller, ...typeScriptFiles(this.generated)], options);
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
}
