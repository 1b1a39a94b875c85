// A newcomer, replayed: a project made by `npm init -y` as the README says, the package installed
// from the packed tarball, the one mock the docs start (`npx platform-mock --stateful
// --examples`), then every block of the README and of every guide, in the README's order and then
// the guides' (their index's table), each run as a reader runs it (./support/replay.ts) within 30
// seconds (each command of a shell block), against that one mock: a block that depends on what an earlier one left behind, or
// leaves the mock in a state a later one trips over, fails here. A block meant to fail says so
// (`# exits N`) and must; a curl answered 4xx fails. Then every sample of the API reference
// (TypeScript, `platform` and curl, generated from the spec's examples: scripts/lib/code-samples),
// each after the command the docs give for a fresh mock (`curl -X POST
// "$PLATFORM_BASE_URL/__mock/reset"`), since an operation's three samples each do the same thing.
// The blocks need what a reader's machine has: bash, zsh and fish (the completion blocks), curl,
// and jq (the command-line guide's scripts).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeSamples } from "../../scripts/lib/code-samples/index.js";
import { loadSpec, REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { DEV_TOOLS, installPackedPackage, type InstalledPackage } from "../package/installed-package.js";
import { fencedBlocks, isRepositoryBlock, replayBlock, SHELLS, type BlockReplay, type DocBlock, type ReplayContext } from "./support/replay.js";

const RUN_BOUND_MS = 30_000;
// Credentials as a reader sets them for the mock (any value passes), distinctive enough to find.
const CREDENTIALS = { PLATFORM_API_KEY: "newcomer-api-key-3e9d", PLATFORM_JWT: "newcomer.jwt.71c4" };
// Servers a block starts beside the mock, moved from their documented port into this test's range.
const PORTS = { "4011": 41101, "4012": 41102 };

/** The guides in the order of their index's table. */
function guidesInOrder(): string[] {
  const index = readFileSync(resolve(REPO_ROOT, "docs/guides/README.md"), "utf8");
  return [...index.matchAll(/^\| \[[^\]]+\]\(([\w-]+\.md)\)/gm)].map((m) => `docs/guides/${m[1]}`);
}
const DOCUMENTS = ["README.md", "docs/guides/README.md", ...guidesInOrder()];
const blocks: DocBlock[] = DOCUMENTS.flatMap((doc) => fencedBlocks(doc, readFileSync(resolve(REPO_ROOT, doc), "utf8")));
// Blocks that are not run: data (a client's JSON configuration) and text (output, a layout).
const NOT_CODE = new Set(["json", ""]);
const replayed = blocks.filter((b) => (b.lang === "ts" || b.lang in SHELLS) && !isRepositoryBlock(b));
const where = (b: DocBlock) => (b.line > 0 ? `${b.source}:${b.line}` : b.source);

// The reference's samples as blocks: a TypeScript file, a shell command, a curl command each.
const LANG_OF = { typescript: "ts", bash: "sh", curl: "sh" } as const;
const referenceSamples: DocBlock[] = [...codeSamples(loadSpec())].flatMap(([operationId, samples]) =>
  samples.map((sample, i) => ({ source: `reference ${operationId} (${sample.label})`, lang: LANG_OF[sample.lang], index: i + 1, line: 0, code: `${sample.source}\n` })),
);
// What the docs say to run before each of them: the mock as the docs start it, fresh.
const FRESH_MOCK: DocBlock = { source: "fresh mock", lang: "sh", index: 0, line: 0, code: 'curl -X POST "$PLATFORM_BASE_URL/__mock/reset"\n' };

let installed: InstalledPackage;
let mock: { url: string; stop(): void } | undefined;
const results = new Map<DocBlock, BlockReplay>();

/** The stateful mock from the package, as the docs start it, on a free port; resolves to its URL. */
async function startDocsMock(cwd: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(cwd, "node_modules/.bin/platform-mock"), "--stateful", "--examples", "--port", "0"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((found, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /Mock server: (http:\/\/\S+)/.exec(line);
      if (match) found(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`platform-mock exited with ${code} before listening`)));
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

beforeAll(async () => {
  installed = await installPackedPackage();
  mock = await startDocsMock(installed.project);
  const home = join(installed.scratch, "home");
  mkdirSync(home);
  const nodeModules = realpathSync(join(installed.project, "node_modules"));
  const context: ReplayContext = {
    home,
    project: join(home, "platform-demo"),
    install: (project) => symlinkSync(nodeModules, join(project, "node_modules"), "dir"),
    installable: [installed.tarball.replace(/^.*\//, ""), ...DEV_TOOLS],
    mockUrl: mock.url,
    ports: PORTS,
    env: {
      ...CREDENTIALS,
      PLATFORM_BASE_URL: mock.url,
      HOME: home,
      // A reader's PATH: no node_modules/.bin of this repository (npm test puts it there).
      PATH: (process.env.PATH ?? "").split(":").filter((dir) => !dir.includes("node_modules")).join(":"),
      XDG_CONFIG_HOME: undefined,
      PLATFORM_PROFILE: undefined,
      PLATFORM_HOST: undefined,
    },
    timeoutMs: RUN_BOUND_MS,
  };
  for (const block of replayed) results.set(block, await replayBlock(block, context));
  for (const sample of referenceSamples) {
    const fresh = await replayBlock(FRESH_MOCK, context);
    results.set(sample, fresh.run?.code === 0 ? await replayBlock(sample, context) : { ...fresh, block: sample, problems: [`the fresh mock's command failed: ${fresh.run?.output}`] });
  }
}, 3_600_000);

afterAll(() => {
  mock?.stop();
});

describe("a newcomer's replay of the README, the guides and the reference's samples, in order, against one mock", () => {
  it("finds the blocks of every document, and no block of a language it cannot run", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(10);
    expect(replayed.length).toBeGreaterThan(60);
    expect(referenceSamples).toHaveLength(75);
    const unknown = blocks.filter((b) => b.lang !== "ts" && !(b.lang in SHELLS) && !NOT_CODE.has(b.lang));
    expect(unknown.map((b) => `${where(b)} (${b.lang})`)).toEqual([]);
  });

  it.each([...replayed, ...referenceSamples].map((block) => [`${where(block)} (${block.lang})`, block] as const))("%s runs as written", (_name, block) => {
    const result = results.get(block)!;
    expect(result.problems, where(block)).toEqual([]);
    const run = result.run!;
    const why = run.timedOut ? `did not end within ${RUN_BOUND_MS / 1000} s (a shell block: per command)` : `exited with ${run.signal ?? run.code}`;
    expect(run.code, `${where(block)} ${why}:\n--- ran\n${result.ran}\n--- output\n${run.output.slice(-4000)}`).toBe(0);
    for (const secret of Object.values(CREDENTIALS)) expect(run.output.includes(secret), `${where(block)} printed a credential`).toBe(false);
  });
});
