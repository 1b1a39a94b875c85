// The programs the test suite runs that npm does not install, each with the Debian package that
// brings it and the test files that need it. `npm test` checks them before anything runs, and
// installs the missing ones where it can (Debian, as root): a suite that needs a program never
// fails deep in the run for want of it.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** program: where it must be found, its Debian package, and the test files that run it. */
export const SYSTEM_PROGRAMS = [
  // test/support/chromium.ts drives this very executable; no test tool may download a browser.
  {
    program: "chromium",
    path: () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    debian: "chromium",
    tests: ["test/docs/site.browser.test.ts", "test/docs/reference.browser.test.ts", "test/package/browser-bundle.test.ts"],
  },
  { program: "curl", debian: "curl", tests: ["test/docs/code-samples.test.ts", "test/docs/newcomer.test.ts", "test/docs/newcomer-reference.test.ts", "test/bench/smoke.test.ts"] },
  // The command-line guide's samples read JSON with it, as a reader's scripts would.
  { program: "jq", debian: "jq", tests: ["test/docs/newcomer.test.ts"] },
  { program: "tmux", debian: "tmux", tests: ["test/cli/progress-terminal.test.ts"] },
  { program: "zsh", debian: "zsh", tests: ["test/cli/completion.test.ts", "test/cli/completion-install.test.ts", "test/docs/newcomer.test.ts"] },
  { program: "fish", debian: "fish", tests: ["test/cli/completion.test.ts", "test/cli/completion-install.test.ts", "test/docs/newcomer.test.ts"] },
];

const executable = (/** @type {string} */ path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether `program` is an executable on PATH (or at the path given).
 * @param {{ program: string, path?: (() => string) | undefined }} need
 */
export function found({ program, path }, env = process.env) {
  if (path) return executable(path());
  return (env.PATH ?? "").split(delimiter).some((dir) => dir && executable(join(dir, program)));
}

// vitest options followed by a value of their own, which is not a file filter.
const VALUE_OPTIONS = new Set([
  "-c",
  "--config",
  "-r",
  "--root",
  "--dir",
  "-t",
  "--testNamePattern",
  "--reporter",
  "--project",
  "--shard",
  "--pool",
  "--maxWorkers",
  "--environment",
  "--outputFile",
  "--exclude",
]);

/**
 * The file filters among vitest's arguments: the words that are neither options nor their values.
 * @param {readonly string[]} args
 */
export function fileFilters(args) {
  /** @type {string[]} */
  const filters = [];
  for (let i = 0; i < args.length; i++) {
    const arg = /** @type {string} */ (args[i]);
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith("-")) filters.push(arg);
  }
  return filters;
}

/**
 * The programs a run with these vitest arguments needs: all of them, or those of the files its filters pick.
 * @param {string[]} args
 */
export function neededPrograms(args) {
  const filters = fileFilters(args);
  if (filters.length === 0) return SYSTEM_PROGRAMS;
  return SYSTEM_PROGRAMS.filter(({ tests }) => tests.some((file) => filters.some((filter) => file.includes(filter))));
}

/**
 * The one line that stops the run: what is missing, and the command that installs it.
 * @param {readonly { program: string, debian: string, tests: readonly string[] }[]} missing
 */
export function missingLine(missing) {
  const packages = [...new Set(missing.map((p) => p.debian))];
  const uses = missing.map((p) => `${p.program} (${p.tests.join(", ")})`).join("; ");
  return `npm test: install ${missing.map((p) => p.program).join(", ")} first (on Debian: apt-get install ${packages.join(" ")}); needed by ${uses}`;
}
