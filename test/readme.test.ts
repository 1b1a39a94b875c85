// The README's "Using the client" as a reader follows it, from the packed tarball: a project made
// by `npm init -y` and `npm pkg set type=module` (the README's steps), the package and tsx
// installed in it, `platform-mock --stateful --examples` from the package, and each ```ts block
// saved as the file its first line names (`// client.ts`) and run with `npx tsx`, in the README's
// order, twice against that one mock: the second round meets the state the first left (once
// `npx tsx` has ended well, each file runs compiled as tsx compiles it, with node, as the
// newcomer's replay does: test/docs/support/replay.ts). Each run
// is a process of its own that must end by itself and print what the sample's comments promise,
// and no credential. The blocks are also type-checked together against src/ under strict
// settings. The package is the run's one packed and installed copy (test/package/installed-package.ts).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmCommand } from "../scripts/lib/pack.mjs";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { TSC } from "./support/checker.js";
import { compiledFolder } from "./docs/support/newcomer.js";
import { compile, replayBlock, type ReplayContext } from "./docs/support/replay.js";
import { installPackedPackage, type InstalledPackage } from "./package/installed-package.js";
import { runBounded, type BoundedRun } from "./support/bounded-run.js";
import { extractSamples, inMarkdownTerms, writeSamples, type Sample } from "./support/samples.js";

const README = "README.md";
const OUT_DIR = resolve(REPO_ROOT, "test/.readme");
const RUN_BOUND_MS = 30_000;
const CREDENTIALS = { PLATFORM_API_KEY: "readme-api-key-7f3c", PLATFORM_JWT: "eyJreadme.payload.signature" };
// Secrets the samples themselves hold: provider keys and a custom connection's header.
const SAMPLE_SECRETS = ["sk-provider-key", "sk-rotated-key", "internal-token"];
const ROUNDS = [1, 2];

const FILE_NAME = /^\/\/ (\w+)\.ts\n/;
const fileName = (sample: Sample): string => {
  const name = FILE_NAME.exec(sample.code)?.[1];
  if (name === undefined) throw new Error(`${sample.source}:${sample.line}: a README sample starts with its file name, as "// name.ts"`);
  return name;
};

const samples = extractSamples(README, readFileSync(resolve(REPO_ROOT, README), "utf8"));
// client.ts only builds the client; the others run, in the README's order.
const RUN_ORDER = samples.map(fileName).filter((name) => name !== "client");

const mustRun = async (command: string, args: string[], cwd: string) => {
  const run = await runBounded(command, args, { cwd, timeoutMs: RUN_BOUND_MS });
  if (run.code !== 0) throw new Error(`${[command, ...args].join(" ")} failed (${run.timedOut ? "timed out" : `exit ${run.code}`}):\n${run.output}`);
  return run;
};

let installed: InstalledPackage;
let project: string;
let mock: { url: string; stop(): void } | undefined;
const runs = new Map<string, BoundedRun>();

beforeAll(async () => {
  installed = await installPackedPackage();
  // The README's steps: mkdir, npm init -y, npm pkg set type=module; then the package and tsx,
  // whose installation is the run's one (npm install of the tarball, tsx beside it).
  project = join(installed.scratch, "platform-demo");
  mkdirSync(project);
  await mustRun(...(npmCommand(["init", "-y"]) as [string, string[]]), project);
  await mustRun(...(npmCommand(["pkg", "set", "type=module"]) as [string, string[]]), project);
  symlinkSync(realpathSync(join(installed.project, "node_modules")), join(project, "node_modules"), "dir");
  for (const sample of samples) writeFileSync(join(project, `${fileName(sample)}.ts`), sample.code);

  // npx platform-mock --stateful --examples, on a free port rather than 4010.
  const child = spawn(process.execPath, [join(project, "node_modules/.bin/platform-mock"), "--stateful", "--examples", "--port", "0"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((found, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /Mock server: (http:\/\/\S+)/.exec(line);
      if (match) found(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`platform-mock exited with ${code} before listening`)));
  });
  mock = { url, stop: () => child.kill("SIGTERM") };

  const context: ReplayContext = {
    home: installed.scratch,
    project,
    install: () => undefined,
    installable: [],
    mockUrl: url,
    ports: {},
    env: { PLATFORM_BASE_URL: url, ...CREDENTIALS },
    timeoutMs: RUN_BOUND_MS,
    proven: new Set(),
    compiled: compiledFolder(installed.scratch, realpathSync(join(installed.project, "node_modules"))),
  };
  const blocks = new Map(samples.map((sample) => [fileName(sample), { ...sample, lang: "ts" }]));
  // client.ts is not run, but the others import it.
  await compile("client.ts", blocks.get("client")!.code, context);
  for (const round of ROUNDS) {
    for (const name of RUN_ORDER) runs.set(`${round} ${name}`, (await replayBlock(blocks.get(name)!, context)).run!);
  }
}, 900_000);

afterAll(() => {
  mock?.stop();
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
});

describe("README samples", () => {
  it("are the files the README walks through, in its order", () => {
    expect(samples.map(fileName)).toEqual(["client", "connections", "chunks", "jobs", "import", "tools", "errors", "mock"]);
  });

  it("type-check together against the sources under strict settings, exactOptionalPropertyTypes included", () => {
    rmSync(OUT_DIR, { recursive: true, force: true });
    const written = writeSamples(samples, OUT_DIR, fileName, { numbered: false });
    const tsc = TSC;
    const args = [
      "--ignoreConfig", "--noEmit", "--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--module", "nodenext", "--moduleResolution",
      "nodenext", "--target", "es2022", "--lib", "es2022,dom,dom.iterable", "--types", "node", "--skipLibCheck",
      ...written.map((w) => w.file),
    ];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(inMarkdownTerms(run.stdout + run.stderr, written)).toBe("");
    expect(run.status).toBe(0);
  }, 90_000);

  it("run in a project made as the README says: an ES module project by npm init and npm pkg set", () => {
    expect(JSON.parse(readFileSync(join(project, "package.json"), "utf8"))).toMatchObject({ name: "platform-demo", type: "module" });
  });

  describe.each(ROUNDS)("round %i against the one mock", (round) => {
    it.each(RUN_ORDER)("npx tsx %s.ts ends by itself, prints what it says and no credential", (name) => {
      const run = runs.get(`${round} ${name}`)!;
      expect(run.code, `${name}.ts ${run.timedOut ? `did not end within ${RUN_BOUND_MS / 1000} s` : `exited with ${run.code}`}:\n${run.output.slice(-4000)}`).toBe(0);
      expect(run.output).toMatch(EXPECTED_OUTPUT[name]!);
      for (const secret of [...Object.values(CREDENTIALS), ...SAMPLE_SECRETS]) expect(run.output).not.toContain(secret);
    });
  });
});

// One line each sample's comments promise, so a run that ends early but quietly still fails.
const EXPECTED_OUTPUT: Record<string, RegExp> = {
  connections: /^cn-\S+ \d+ \[/m,
  chunks: /^\d+ \d+ \[.*'chk-5f2a9c3e'.*\]$/m,
  jobs: /^SUCCESS SUCCESS SUCCESS$/m,
  import: /^4\/4 chunks$[\s\S]*^cm-\S+ SUCCESS$[\s\S]*^https?:\/\//m,
  tools: /^SUCCESS https?:\/\/\S+$[\s\S]*^SUCCESS$/m,
  errors: /deployModel: hyperParameters\.temperature must be <= 2[\s\S]*^404 getConnection$/m,
  mock: /^JobFailedError \d+$/m,
};
