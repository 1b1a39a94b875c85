// A newcomer's replay of the documentation: every fenced block of a page, in the page's order,
// done the way a reader does it in a project of their own, against the one mock the docs start.
// A ```ts block is saved as a file (the README names its files, `// client.ts`; a guide's block
// is saved as `<guide>-<n>.ts`, or `.test.ts` when it imports vitest) and run with `npx tsx` or
// `npx vitest run`, within the bound; a ```sh or ```bash block is pasted into bash, a ```zsh block into zsh
// (`set -euo pipefail`: the first command that fails ends it), a ```fish block into fish (each
// line's failure ends it), within the bound for each of its commands. A command meant to fail says so in its comment, `# exits N: why`, and
// must exit with N. What the test cannot do as a reader would, it does in the nearest way and
// says so here:
// - `npx <program>` of a program installed in the project runs through npx as written until it
//   has once ended well; after that, bash and zsh blocks call the project's own executable
//   (`node_modules/.bin/<program>`, with that folder first on PATH), which is what npx runs for an
//   installed package, without npm's start-up (about a second of CPU each time).
// - a ```ts block run with `npx tsx` once tsx has ended well: the file, compiled as tsx compiles it
//   (esbuild's TypeScript transform, to an ES module), runs with node beside the project, where the
//   package and the other blocks' compiled files (`./client.js`) resolve as from the project.
// - `npm install …` (no registry here): each package named must be one the test installed in the
//   project from the packed tarball or links from this repository; the line is not run.
// - `npm pack` in this repository: the test packed the package already.
// - the line that starts the docs' mock (`npx platform-mock --stateful --examples`): the test
//   started that one mock, on a free port; `127.0.0.1:4010` in a block means it. Other documented
//   ports (another server beside it) are moved into this test's own range.
// - curl is called with `--fail-with-body`, so an answer of 4xx or 5xx fails the block.
// A block of commands for a clone of this repository only (`npm ci`, `npm pack`, `npm test`,
// `npm run …`, `gh`, `git`) has no place in a reader's project: it is not run (the test packed
// the package itself).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { transform } from "esbuild";
import { runBounded, type BoundedRun } from "../../support/bounded-run.js";

export interface DocBlock {
  /** The markdown file, relative to the repository. */
  source: string;
  /** The fence's info string's first word: ts, sh, json… */
  lang: string;
  /** 1-based among the file's fenced blocks. */
  index: number;
  /** Line of the block's first line of code (1-based). */
  line: number;
  code: string;
}

/** Every fenced block of a markdown text, in order. */
export function fencedBlocks(source: string, markdown: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  let open: { lang: string; line: number; body: string[] } | undefined;
  markdown.split("\n").forEach((text, i) => {
    if (open === undefined) {
      const fence = /^```(\S*)/.exec(text);
      if (fence) open = { lang: fence[1]!, line: i + 2, body: [] };
      return;
    }
    if (/^```\s*$/.test(text)) {
      blocks.push({ source, lang: open.lang, index: blocks.length + 1, line: open.line, code: `${open.body.join("\n")}\n` });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  if (open) throw new Error(`${source}: a block opened on line ${open.line - 1} is never closed`);
  return blocks;
}

/** The block's logical lines: continuations joined, comments and blank lines left out, heredoc bodies kept with their line. */
export function shellLines(code: string): string[] {
  const joined = code.replace(/\\\n\s*/g, "");
  const lines: string[] = [];
  const raw = joined.split("\n");
  for (let i = 0; i < raw.length; i++) {
    let line = raw[i]!;
    const heredoc = /<<-?'?(\w+)'?/.exec(line);
    if (heredoc) {
      while (i + 1 < raw.length && raw[i + 1] !== heredoc[1]) line += `\n${raw[++i]}`;
      if (i + 1 < raw.length) line += `\n${raw[++i]}`;
    }
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    lines.push(line);
  }
  return lines;
}

/** Shell words, with '…' and "…" quoting (enough for documentation). */
const shellWords = (text: string): string[] => [...text.matchAll(/(?:'[^']*'|"[^"]*"|[^\s'"])+/g)].map((m) => m[0].replace(/'([^']*)'|"([^"]*)"/g, "$1$2"));

const REPOSITORY_COMMAND = /^(npm (ci|test|start|pack|run)\b|gh |git )/;
const ASSIGNMENT = /^(export )?[A-Z_][A-Z0-9_]*=\S*(\s+[A-Z_][A-Z0-9_]*=\S*)*\s*(#.*)?$/;

/** The shell each language of block is pasted into. */
export const SHELLS: Readonly<Record<string, string>> = { sh: "bash", bash: "bash", zsh: "zsh", fish: "fish" };

/** A shell block of commands for a clone of this repository only, with nothing for a reader's project. */
export function isRepositoryBlock(block: DocBlock): boolean {
  if (!(block.lang in SHELLS)) return false;
  const lines = shellLines(block.code).map((line) => line.trim());
  return lines.some((line) => REPOSITORY_COMMAND.test(line)) && lines.every((line) => REPOSITORY_COMMAND.test(line) || ASSIGNMENT.test(line));
}

/** What the replay has in the project, and where. */
export interface ReplayContext {
  /** Where the reader stands before making the project (the folder `mkdir platform-demo` runs in). */
  home: string;
  /** The project folder (`platform-demo`), once made. */
  project: string;
  /** Called once the reader's project folder exists, to install what `npm install` would have. */
  install(project: string): void;
  /** The packages `npm install` lines may name: the tarball's file name and the dependencies the test installed. */
  installable: readonly string[];
  /** The one mock's URL. */
  mockUrl: string;
  /** Documented ports other than the mock's, moved to ports of the test's own. */
  ports: Record<string, number>;
  /** The environment every block runs with (the docs' variables, a fresh HOME, PATH without the repo's tools). */
  env: Record<string, string | undefined>;
  timeoutMs: number;
  /** The programs whose `npx` form has ended well in this replay (tsx, platform…), shared by its contexts. */
  proven: Set<string>;
  /** A folder outside the project, resolving packages as the project does, where ```ts blocks are compiled. */
  compiled: string;
}

/** The documented line that starts the mock the docs point at (any port flag, maybe in the background). */
const MOCK_START = /^(cd \S+ && )?npx platform-mock --stateful --examples( --port 4010)?( &)?\s*(#.*)?$/;
const NPM_INSTALL = /^npm (install|i) (.*?)\s*(#.*)?$/;
const NPM_PACK = /^npm pack\b/;

export interface BlockReplay {
  block: DocBlock;
  /** What the replay ran (the block as rewritten for the test), or why it did not. */
  ran: string;
  run?: BoundedRun;
  /** Lines the test did in its own way, and problems found before anything ran. */
  notes: string[];
  problems: string[];
}

/** A line's promised failure: `command   # exits 2: no terminal to ask on`. */
const EXPECTED_EXIT = /\s+#\s*exits (\d+)\b.*$/;

/** `line` run in `shell` so that it must exit with `code`, or the script ends with 1, saying so. */
function expectingExit(line: string, code: string, shell: string): string {
  const report = `echo "expected exit ${code}, got $rc: ${line.replace(/["$`\\]/g, "")}" >&2`;
  if (shell === "fish") return `${line}; set rc $status; if test $rc -ne ${code}; ${report}; exit 1; end`;
  return `if ${line}; then rc=0; else rc=$?; fi; [ "$rc" -eq ${code} ] || { ${report}; exit 1; }`;
}

/** The shell block as the test runs it, and what it noticed on the way. */
export function rewriteShell(block: DocBlock, context: ReplayContext): { script: string; notes: string[]; problems: string[]; npx: string[] } {
  const shell = SHELLS[block.lang] ?? "bash";
  const notes: string[] = [];
  const problems: string[] = [];
  // What the block runs through npx and must end well: a line meant to fail proves nothing.
  const npx: string[] = [];
  const mock = new URL(context.mockUrl);
  const out = shellLines(block.code).map((line) => {
    const trimmed = line.trim();
    if (MOCK_START.test(trimmed)) {
      notes.push(`${trimmed}: the test's one mock`);
      return ":";
    }
    if (NPM_PACK.test(trimmed)) {
      notes.push("npm pack: the test's packed tarball");
      return ":";
    }
    const install = NPM_INSTALL.exec(trimmed);
    if (install) {
      for (const word of shellWords(install[2]!).filter((w) => !w.startsWith("-"))) {
        // A name with a version or range (`name@5`, `@scope/name@">=1 <2"`), or a tarball's path.
        const bare = word.replace(/^(@?[^@]+)@.*$/, "$1");
        if (!context.installable.some((known) => bare === known || bare.endsWith(`/${known}`))) problems.push(`${trimmed}: ${bare} is not a package this test installs`);
      }
      notes.push(`${trimmed}: installed by the test`);
      return ":";
    }
    let rewritten = line.replaceAll("127.0.0.1:4010", mock.host).replaceAll("localhost:4010", mock.host);
    for (const [port, ours] of Object.entries(context.ports)) rewritten = rewritten.replace(new RegExp(`(127\\.0\\.0\\.1:|--port )${port}\\b`, "g"), `$1${ours}`);
    const expected = EXPECTED_EXIT.exec(rewritten);
    if (expected) return expectingExit(rewritten.slice(0, expected.index), expected[1]!, shell);
    npx.push(...npxPrograms(rewritten));
    return shell === "fish" ? `${rewritten}; or exit $status` : rewritten;
  });
  // curl fails on an answer of 4xx or 5xx, and says so.
  const prelude =
    shell === "fish"
      ? ["function curl; command curl --fail-with-body --silent --show-error $argv; end"]
      : ["set -euo pipefail", 'curl() { command curl --fail-with-body --silent --show-error "$@"; }', ...provenNpx(context.proven)];
  return { script: [...prelude, ...out].join("\n"), notes, problems, npx };
}

/** The programs a block runs with `npx`. */
const npxPrograms = (code: string): string[] => [...code.matchAll(/\bnpx\s+([\w@/.-]+)/g)].map((m) => m[1]!).filter((name) => !name.startsWith("-"));

/** For bash and zsh: `npx` of a proven program in a folder that has it installed runs that executable, any other npx line npx itself. */
function provenNpx(proven: ReadonlySet<string>): string[] {
  if (proven.size === 0) return [];
  const names = [...proven].sort().join("|");
  const installed = 'local program="$1"; shift; PATH="$PWD/node_modules/.bin:$PATH" "node_modules/.bin/$program" "$@"; return';
  return [`npx() { case "$1" in ${names}) if [ -x "node_modules/.bin/$1" ]; then ${installed}; fi;; esac; command npx "$@"; }`];
}

/** After a block ended well, the programs it ran through npx are proven (in fish, npx itself always ran them). */
function prove(programs: readonly string[], run: BoundedRun, context: ReplayContext): void {
  if (run.code !== 0) return;
  for (const name of programs) if (existsSync(join(context.project, "node_modules/.bin", name))) context.proven.add(name);
}

/** The block's file compiled as tsx compiles it, into the compiled folder under the same name (`.js`). */
export async function compile(name: string, code: string, context: ReplayContext): Promise<string> {
  const { code: js } = await transform(code, { loader: "ts", format: "esm", target: `node${process.versions.node}`, sourcefile: name, sourcemap: "inline" });
  const file = join(context.compiled, name.replace(/\.ts$/, ".js"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, js);
  return file;
}

/** The file a ```ts block is saved as: the name its first line gives, or `<page>-<n>` (`.test.ts` for a vitest file). */
export function fileNameOf(block: DocBlock): string {
  const named = /^\/\/ ([\w.-]+\.ts)\n/.exec(block.code)?.[1];
  if (named) return named;
  const stem = block.source.replace(/^.*\//, "").replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
  return `${stem}-${block.index}${/from\s+["']vitest["']/.test(block.code) ? ".test" : ""}.ts`;
}

/** Replays one block in the reader's project. */
export async function replayBlock(block: DocBlock, context: ReplayContext): Promise<BlockReplay> {
  if (block.lang === "ts") {
    const name = fileNameOf(block);
    writeFileSync(join(context.project, name), block.code);
    // Compiled whatever runs it, so that a later block importing it finds it.
    const compiled = await compile(name, block.code, context);
    const test = name.endsWith(".test.ts");
    const command = test ? `npx vitest run ${name}` : `npx tsx ${name}`;
    const bounds = { cwd: context.project, env: context.env, timeoutMs: context.timeoutMs, endOnExit: true };
    if (!test && context.proven.has("tsx")) {
      const run = await runBounded(process.execPath, [compiled], bounds);
      return { block, ran: `${command} (compiled: node ${compiled})`, run, notes: [], problems: [] };
    }
    const script = [...provenNpx(context.proven), command].join("\n");
    const run = await runBounded("bash", ["-c", script], bounds);
    prove([test ? "vitest" : "tsx"], run, context);
    return { block, ran: script, run, notes: [], problems: [] };
  }
  const { script, notes, problems, npx } = rewriteShell(block, context);
  if (problems.length > 0) return { block, ran: script, notes, problems };
  // The block that makes the project runs where the reader stands before it exists.
  const makesProject = /^npm init -y\b/m.test(block.code);
  const cwd = makesProject || !existsSync(context.project) ? context.home : context.project;
  // A reader pastes a shell block command by command: the bound is each command's.
  const commands = shellLines(block.code).length;
  const run = await runBounded(SHELLS[block.lang] ?? "bash", ["-c", script], {
    cwd,
    env: context.env,
    timeoutMs: context.timeoutMs * Math.max(1, commands),
    endOnExit: true,
  });
  if (makesProject && existsSync(context.project)) context.install(context.project);
  // Proven only by npx itself: in bash and zsh, once proven, the block already called the executable.
  prove(npx.filter((name) => !context.proven.has(name)), run, context);
  return { block, ran: script, run, notes, problems };
}
