// node --import <this file> …: every module the process loads, as a line "module-load <url>" on
// stderr (test/cli/start-up-imports.test.ts). The load hook runs on the loader's own thread
// (module.register), where it sees each module once, builtins and packages included. It writes
// to fd 2 itself: that thread's process.stderr hands lines to the main thread, which may exit
// (platform ends with process.exit) before the last of them is written.
import { register } from "node:module";

const hooks = `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  writeSync(2, "module-load " + url + "\\n");
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
