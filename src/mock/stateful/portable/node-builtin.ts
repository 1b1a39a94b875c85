// A Node built-in looked up at run time, where the runtime has one (Node 20.16 and later, Deno,
// Bun): the mock's portable modules use Node's crypto and file reading when they are there, with
// no `node:` import a browser bundle would have to resolve.
type BuiltinLookup = (name: string) => unknown;

const lookup = (globalThis as { process?: { getBuiltinModule?: BuiltinLookup } }).process?.getBuiltinModule;

/** The module `name` (e.g. "node:fs"), or undefined on a runtime without Node's modules. */
export function nodeBuiltin<T>(name: string): T | undefined {
  return typeof lookup === "function" ? (lookup(name) as T | undefined) : undefined;
}
