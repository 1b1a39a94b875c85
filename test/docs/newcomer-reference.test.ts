// The API reference's samples, replayed as a newcomer runs them (./support/replay.ts): every
// operation's three (TypeScript, `platform` and curl, generated from the spec's examples:
// scripts/lib/code-samples), in the project the README's first block makes, with the package
// installed from the packed tarball, each after the command the docs give for a fresh mock
// (`curl -X POST "$PLATFORM_BASE_URL/__mock/reset"`), since an operation's three samples each do
// the same thing. Each runs within 30 seconds, must exit 0 (a curl answered 4xx fails) and print
// no credential. The samples are independent of each other, so they run a few at a time, each in
// a slot of its own for as long as it runs: a reader's project (samples write files such as
// model.tar there) and the mock as the docs start it (`npx platform-mock --stateful --examples`).
// The README and the guides, in order, are newcomer.test.ts.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeSamples } from "../../scripts/lib/code-samples/index.js";
import { loadSpec, REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { expectRanAsWritten, newcomerSetUp, startDocsMock, where, type DocsMock } from "./support/newcomer.js";
import { fencedBlocks, replayBlock, type BlockReplay, type DocBlock, type ReplayContext } from "./support/replay.js";

// Two cores: two samples at a time, each a process beside this one and its mock.
const SLOTS = 2;

// The reference's samples as blocks: a TypeScript file, a shell command, a curl command each.
const LANG_OF = { typescript: "ts", bash: "sh", curl: "sh" } as const;
const referenceSamples: DocBlock[] = [...codeSamples(loadSpec())].flatMap(([operationId, samples]) =>
  samples.map((sample, i) => ({
    source: `reference ${operationId} (${sample.label})`,
    lang: LANG_OF[sample.lang],
    index: i + 1,
    line: 0,
    code: `${sample.source}\n`,
  })),
);
// What the docs say to run before each of them: the mock as the docs start it, fresh.
const FRESH_MOCK: DocBlock = { source: "fresh mock", lang: "sh", index: 0, line: 0, code: 'curl -X POST "$PLATFORM_BASE_URL/__mock/reset"\n' };
// The README's block that makes the reader's project (mkdir, npm init -y, npm pkg set type=module, the installs).
const MAKES_PROJECT = fencedBlocks("README.md", readFileSync(resolve(REPO_ROOT, "README.md"), "utf8")).find((b) => /^npm init -y\b/m.test(b.code))!;

const mocks: DocsMock[] = [];
const results = new Map<DocBlock, BlockReplay>();
const madeProjects: BlockReplay[] = [];

/** A slot: a reader's project of its own (samples write files such as model.tar in it) and a mock of its own. */
async function slot(): Promise<ReplayContext> {
  const setUp = await newcomerSetUp();
  const mock = await startDocsMock(setUp.project);
  mocks.push(mock);
  const context = setUp.context(mock.url);
  madeProjects.push(await replayBlock(MAKES_PROJECT, context));
  return context;
}

beforeAll(async () => {
  const contexts = await Promise.all(Array.from({ length: SLOTS }, slot));
  if (madeProjects.some((made) => made.run?.code !== 0)) return;
  const queue = [...referenceSamples];
  await Promise.all(
    contexts.map(async (context) => {
      for (let sample = queue.shift(); sample; sample = queue.shift()) {
        const fresh = await replayBlock(FRESH_MOCK, context);
        const failed = { ...fresh, block: sample, problems: [`the fresh mock's command failed: ${fresh.run?.output}`] };
        results.set(sample, fresh.run?.code === 0 ? await replayBlock(sample, context) : failed);
      }
    }),
  );
}, 3_600_000);

afterAll(() => {
  for (const mock of mocks) mock.stop();
});

describe("a newcomer's replay of the API reference's samples, each against a fresh mock", () => {
  it("makes each slot's project as the README does", () => {
    expect(MAKES_PROJECT, "the README's block with npm init -y").toBeDefined();
    expect(madeProjects).toHaveLength(SLOTS);
    for (const made of madeProjects) expectRanAsWritten(made);
  });

  it("has three samples for every operation", () => {
    expect(referenceSamples).toHaveLength(75);
  });

  it.each(referenceSamples.map((block) => [`${where(block)} (${block.lang})`, block] as const))("%s runs as written", (_name, block) => {
    const result = results.get(block);
    expect(result, `${where(block)} did not run: the project was not made`).toBeDefined();
    expectRanAsWritten(result!);
  });
});
