// node --import <this file> …: every module the process loads, as a line "module-load <url>" on
// stderr (test/cli/start-up-imports.test.ts). The load hook runs on the loader's own thread
// (module.register), where it sees each module once, builtins and packages included.
import { register } from "node:module";

const hooks = `export async function load(url, context, next) {
  process.stderr.write("module-load " + url + "\\n");
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
