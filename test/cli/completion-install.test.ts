// Shell completion installed as the command-line guide says, on a fresh account: each shell's
// block, read from the guide (not copied here), run as written under an empty HOME in a project
// where `npx platform` runs; then that shell, started afresh as a user's would be, asked to
// complete `platform ` and `npx platform `. Each block is also pasted into the two other shells,
// where it must stay harmless: nothing written outside HOME (the zsh line that once wrote
// `/_platform` as root is the case in point).
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { runBounded } from "../support/bounded-run.js";
import { cliMain } from "./support/run-cli.js";

const GUIDE = "docs/guides/command-line.md";
const SHELLS = ["bash", "zsh", "fish"] as const;
type Shell = (typeof SHELLS)[number];
const BOUND_MS = 30_000;

/** The ```bash, ```zsh and ```fish blocks of the guide's "Shell completion" section. */
function installBlocks(): Record<Shell, string> {
  const markdown = readFileSync(resolve(REPO_ROOT, GUIDE), "utf8");
  const start = markdown.indexOf("\n## Shell completion\n");
  if (start < 0) throw new Error(`${GUIDE} has no "## Shell completion" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const blocks = Object.fromEntries(SHELLS.map((shell) => [shell, [...section.matchAll(new RegExp(`\`\`\`${shell}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]!)]));
  for (const shell of SHELLS) if (blocks[shell]!.length !== 1) throw new Error(`${GUIDE}, Shell completion: ${blocks[shell]!.length} \`\`\`${shell} blocks, not one`);
  return Object.fromEntries(SHELLS.map((shell) => [shell, blocks[shell]![0]!])) as Record<Shell, string>;
}

// How each shell runs a pasted block: no rc file of the developer's, the fresh HOME's only.
const RUN: Record<Shell, (script: string) => string[]> = {
  bash: (script) => ["bash", "--norc", "--noprofile", "-c", script],
  zsh: (script) => ["zsh", "-f", "-c", script],
  // fish --no-config would also drop ~/.config/fish/completions from fish_complete_path.
  fish: (script) => ["fish", "-c", script],
};

const blocks = installBlocks();
let project: string;
const homes: string[] = [];

// Paths relative to `dir`, every file and link under it (folders themselves left out).
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, path) : [path];
  });
}

async function inShell(shell: Shell, script: string, home: string, { platformOnPath = false } = {}) {
  const [command, ...args] = RUN[shell](script);
  // Bare `platform` is a command where it is on PATH (a global install): fish completes only a
  // command it can find.
  const path = platformOnPath ? `${join(project, "node_modules/.bin")}:${process.env.PATH}` : process.env.PATH;
  // Only what a fresh account has: HOME, PATH, no XDG or zsh folder settings of the developer's.
  const env = { HOME: home, PATH: path, XDG_CONFIG_HOME: undefined, XDG_DATA_HOME: undefined, BASH_COMPLETION_USER_DIR: undefined, ZDOTDIR: undefined };
  return runBounded(command!, args, { cwd: project, env, timeoutMs: BOUND_MS });
}

function freshHome(): string {
  const home = mkdtempSync(join(tmpdir(), "platform-completion-home-"));
  homes.push(home);
  return home;
}

beforeAll(() => {
  // A project where `npx platform` runs this test run's build, as it runs the installed package's bin.
  project = mkdtempSync(join(tmpdir(), "platform-completion-project-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "completion-demo", version: "1.0.0", private: true }));
  mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
  writeFileSync(join(project, "node_modules/.bin/platform"), `#!/bin/sh\nexec '${process.execPath}' '${cliMain()}' "$@"\n`);
  chmodSync(join(project, "node_modules/.bin/platform"), 0o755);
});
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

describe("the guide's install blocks", () => {
  it("write only to paths under ~/, spelled out (no variable that may be empty in another shell)", () => {
    for (const shell of SHELLS) {
      const targets = blocks[shell].split("\n").flatMap((line) => {
        const words = line.replace(/'[^']*'/g, "''").trim().split(/\s+/);
        const following = (op: string) => words.flatMap((word, i) => (word === op ? [words[i + 1]!] : []));
        return [
          ...following(">"),
          ...following(">>"),
          ...(words[0] === "mkdir" ? words.slice(1).filter((w) => !w.startsWith("-")) : []),
          ...(words[0] === "ln" ? words.slice(-1) : []),
        ];
      });
      expect(targets.length, shell).toBeGreaterThan(0);
      for (const target of targets) expect(target, `${shell}: ${target}`).toMatch(/^~\/[\w./-]+$/);
    }
  });
});

// What each block leaves in a fresh HOME, besides npm's and the shells' own folders.
const INSTALLED: Record<Shell, { files: string[]; links: Record<string, string> }> = {
  bash: { files: [".local/share/bash-completion/completions/platform"], links: { ".local/share/bash-completion/completions/npx": "platform" } },
  zsh: { files: [".zfunc/_platform", ".zshrc"], links: {} },
  fish: { files: [".config/fish/completions/platform.fish"], links: { ".config/fish/completions/npx.fish": "platform.fish" } },
};

describe.each(SHELLS)("in %s", (shell) => {
  let home: string;
  beforeAll(async () => {
    home = freshHome();
    const run = await inShell(shell, blocks[shell], home);
    if (run.code !== 0) throw new Error(`the guide's ${shell} block exited with ${run.timedOut ? "a timeout" : run.code}:\n${run.output}`);
  }, 60_000);

  it("the guide's block installs the script, creating its folders", () => {
    for (const file of INSTALLED[shell].files) expect(lstatSync(join(home, file)).isFile(), file).toBe(true);
    for (const [link, target] of Object.entries(INSTALLED[shell].links)) expect(readlinkSync(join(home, link)), link).toBe(target);
    const script = readFileSync(join(home, INSTALLED[shell].files[0]!), "utf8");
    expect(script).toMatch(new RegExp(`^(#compdef platform npx\\n)?# ${shell} completion for platform`));
  });

  const complete = async (line: string): Promise<string[]> => {
    const run = await inShell(shell, REQUEST[shell](line), home, { platformOnPath: line.startsWith("platform ") });
    expect(run.code, run.output).toBe(0);
    return run.stdout.split("\n").filter(Boolean);
  };

  it("a new shell completes `platform ` and `npx platform ` with the commands", async () => {
    for (const line of ["platform ", "npx platform "]) {
      expect(await complete(line), line).toEqual(expect.arrayContaining(["connections", "chunks", "models", "guardrails", "completion"]));
    }
    // fish sorts what it offers; the others keep the command tree's order.
    expect((await complete("npx platform connections ")).sort()).toEqual(["create", "get", "list", "replace", "update"]);
    expect((await complete("npx platform models deploy cm-4e5f6a7b --model-type ")).sort()).toEqual(["fineTune", "openSource"]);
  }, 60_000);

  it("leaves any other npx line to the shell", async () => {
    expect(await complete("npx other ")).not.toContain("connections");
  }, 30_000);
});

// One completion request for `line` in a new shell of the fresh account, printing the candidates.
const REQUEST: Record<Shell, (line: string) => string> = {
  // bash-completion's loader, as it runs the first time a command is completed: source the
  // command's file from the user's folder, then call the function it registered with `complete`.
  bash: (line) => {
    const words = line.split(" ");
    const quoted = words.map((w) => `'${w}'`).join(" ");
    return `source "\${BASH_COMPLETION_USER_DIR:-\${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion}/completions/${words[0]}" || exit 9
spec=$(complete -p ${words[0]}) || exit 8
COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
$(sed -E 's/.*-F ([^ ]+) .*/\\1/' <<<"$spec") ${words[0]}
printf '%s\\n' "\${COMPREPLY[@]}"`;
  },
  // What an interactive zsh reads (the ~/.zshrc the block wrote, which runs compinit), then the
  // function compinit registered for the command, called as its completion widget would call it;
  // compadd and the file fallbacks print what they were handed.
  zsh: (line) => {
    const words = line.split(" ");
    return `source ~/.zshrc || exit 9
[[ -n $_comps[${words[0]}] ]] || exit 8
compadd() { print -rl -- "\${(@P)2}"; }; _files() { :; }; _default() { :; }
words=(${words.map((w) => `'${w}'`).join(" ")}); CURRENT=${words.length}
$_comps[${words[0]}]`;
  },
  // fish's own completion engine, which loads ~/.config/fish/completions/<command>.fish.
  fish: (line) => `complete -C '${line}' | cut -f1`,
};

describe.each(SHELLS)("the %s block pasted into another shell", (meant) => {
  it.each(SHELLS.filter((other) => other !== meant))("writes nothing outside HOME in %s", async (other) => {
    const home = freshHome();
    const rootBefore = readdirSync("/").sort();
    const projectBefore = filesUnder(project).sort();
    const run = await inShell(other, blocks[meant], home);
    expect(run.timedOut, run.output).toBe(false);
    expect(readdirSync("/").sort()).toEqual(rootBefore);
    expect(filesUnder(project).sort()).toEqual(projectBefore);
  }, 60_000);
});
