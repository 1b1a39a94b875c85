// `npm test` (scripts/test.mjs): the closing line counts every failed file, those that failed
// before any test ran included, and a run that needs a program npm does not install stops before
// anything runs, with one line naming it. The runs below are vitest runs of their own, on a few
// throw-away test files under a config of their own.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { fileFilters, missingLine, neededPrograms, SYSTEM_PROGRAMS } from "../scripts/lib/system-programs.mjs";

const TEST_COMMAND = resolve(REPO_ROOT, "scripts/test.mjs");
const fixtures = mkdtempSync(join(tmpdir(), "test-command-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

const FILES = {
  "vitest.config.mjs": `export default { test: { include: ["*.test.mjs"] } };\n`,
  "pass.test.mjs": `import { expect, it } from "vitest";\nit("passes", () => expect(1).toBe(1));\n`,
  // Picked by the filter "completion", which also selects the real test/cli/completion.test.ts's programs.
  "completion.test.mjs": `import { expect, it } from "vitest";\nit("completes", () => expect(1).toBe(1));\n`,
  "fail.test.mjs": `import { expect, it } from "vitest";\nit("fails", () => expect(1).toBe(2));\nit("passes", () => expect(1).toBe(1));\n`,
  // No test result at all: the file throws while it is imported.
  "throws.test.mjs": `import { it } from "vitest";\nthrow new Error("broken at import");\nit("never", () => {});\n`,
  // Its tests are reported skipped, not failed: the hook failed first (a browser that will not start).
  "hook.test.mjs": `import { beforeAll, expect, it } from "vitest";\nbeforeAll(() => { throw new Error("no browser"); });\nit("a", () => expect(1).toBe(1));\nit("b", () => expect(1).toBe(1));\n`,
};
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(fixtures, name), text);

const npmTest = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [TEST_COMMAND, "--root", fixtures, "--config", join(fixtures, "vitest.config.mjs"), ...args], { cwd: REPO_ROOT, encoding: "utf8", env });

describe("the closing line", () => {
  it("counts a failed test, a file that throws at import and a file whose beforeAll fails: 3 failed", () => {
    const run = npmTest(["pass", "fail", "throws", "hook"]);
    expect(run.stdout.trimEnd().split("\n").pop()).toBe("2 passed, 3 failed");
    expect(run.status).toBe(1);
  }, 120_000);

  it("reads green, exit 0, when every file passes", () => {
    const run = npmTest(["pass"]);
    expect(run.stdout.trimEnd().split("\n").pop()).toBe("1 passed, 0 failed");
    expect(run.status).toBe(0);
  }, 120_000);
});

describe("the programs npm does not install", () => {
  it("stops before anything runs, with one line naming what to install, where it cannot install them", () => {
    // No PATH to find zsh, fish or apt-get on: nothing can be installed here.
    const run = npmTest(["test/cli/completion"], { ...process.env, PATH: join(fixtures, "no-programs") });
    expect(run.stderr.trimEnd().split("\n")).toEqual([missingLine(SYSTEM_PROGRAMS.filter((p) => p.program === "zsh" || p.program === "fish"))]);
    expect(run.stderr).toContain("apt-get install zsh fish");
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
  });

  it("as root with apt-get, installs the missing ones (apt-get update, then install) and runs", () => {
    // A stand-in apt-get on a PATH of its own: it logs its arguments, and its install puts the
    // programs it is asked for where the PATH finds them.
    const bin = join(fixtures, "fake-bin");
    mkdirSync(bin, { recursive: true });
    const log = join(fixtures, "apt-get.log");
    writeFileSync(
      join(bin, "apt-get"),
      `#!/bin/sh\necho "$*" >> ${log}\nif [ "$1" = install ]; then for p in "$@"; do case "$p" in -*|install) ;; *) printf '#!/bin/sh\\n' > ${bin}/$p; /bin/chmod +x ${bin}/$p;; esac; done; fi\n`,
    );
    chmodSync(join(bin, "apt-get"), 0o755);
    const run = npmTest(["completion"], { ...process.env, PATH: bin });
    if (process.getuid?.() !== 0) {
      // Not root: nothing is installed, the one line says what to install.
      expect(run.stderr).toContain("apt-get install zsh fish");
      expect(run.status).toBe(1);
      return;
    }
    expect(readFileSync(log, "utf8").trimEnd().split("\n")).toEqual(["update", "install -y --no-install-recommends zsh fish"]);
    expect(run.stdout).toContain("npm test: installing zsh, fish with apt-get");
    expect(run.stdout.trimEnd().split("\n").pop()).toBe("1 passed, 0 failed");
    expect(run.status).toBe(0);
  }, 120_000);

  it("needs every program for the whole suite, and only the selected files' programs otherwise", () => {
    const names = (args: string[]) => neededPrograms(args).map((p) => p.program);
    expect(names([])).toEqual(["chromium", "curl", "jq", "tmux", "zsh", "fish"]);
    expect(names(["test/wrappers"])).toEqual([]);
    expect(names(["test/docs"])).toEqual(["chromium", "curl", "jq", "zsh", "fish"]);
    expect(names(["completion", "--reporter", "test/docs"])).toEqual(["zsh", "fish"]);
    expect(fileFilters(["-t", "chromium", "--config=x", "test/cli"])).toEqual(["test/cli"]);
  });

  it("names test files that exist and run the program", () => {
    for (const { program, tests } of SYSTEM_PROGRAMS) {
      for (const file of tests) {
        expect(existsSync(resolve(REPO_ROOT, file)), file).toBe(true);
        expect(readFileSync(resolve(REPO_ROOT, file), "utf8").toLowerCase(), `${file} runs ${program}`).toContain(program);
      }
    }
  });
});
