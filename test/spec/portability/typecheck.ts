// tsc, in this process through the TypeScript API, for the portability test's generated clients.
// Every generator's program reads the same declaration files (TypeScript's lib, lib.dom.d.ts
// alone being 1.5 MB, and the packages under node_modules); they are parsed once and shared,
// which is most of what a separate `tsc -p` per generator would spend.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const shared = new Map<string, ts.SourceFile>();
const isShared = (fileName: string) => fileName.includes("/node_modules/") || /\/typescript\/lib\/lib\.[^/]*\.d\.ts$/.test(fileName);

/** Every .ts file under `dir`, for a program's root names. */
export function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * tsc's diagnostics for the program of `rootNames` under `compilerOptions` (tsconfig JSON form),
 * one line each as `tsc --pretty false` prints them, file names relative to `dir`; empty when it
 * compiles.
 */
export function typecheck(dir: string, rootNames: string[], compilerOptions: Record<string, unknown>): string[] {
  const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, dir);
  if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0]!.messageText, "\n"));
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!isShared(fileName)) return read(fileName, languageVersion, onError, shouldCreate);
    // The module format a file is parsed for is part of what it is (NodeNext reads a package's
    // .d.ts as ESM or CommonJS), so it is part of the key.
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    let file = shared.get(key);
    if (!file) {
      file = read(fileName, languageVersion, onError, shouldCreate);
      if (file) shared.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames, options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const formatHost: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => dir,
    getNewLine: () => "\n",
  };
  return ts
    .formatDiagnostics(diagnostics, formatHost)
    .split("\n")
    .filter((line) => line.trim() !== "");
}
