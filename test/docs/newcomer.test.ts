// A newcomer, replayed: a project made by `npm init -y` as the README says, the package installed
// from the packed tarball, the one mock the docs start (`npx platform-mock --stateful
// --examples`), then every block of the README and of every guide, in the README's order and then
// the guides' (their index's table), each run as a reader runs it (./support/replay.ts) within 30
// seconds (each command of a shell block), against that one mock: a block that depends on what an earlier one left behind, or
// leaves the mock in a state a later one trips over, fails here. A block meant to fail says so
// (`# exits N`) and must; a curl answered 4xx fails. The API reference's samples, in the same
// reader's project, are newcomer-reference.test.ts.
// The blocks need what a reader's machine has: bash, zsh and fish (the completion blocks), curl,
// and jq (the command-line guide's scripts).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { expectRanAsWritten, newcomerSetUp, startDocsMock, where, type DocsMock } from "./support/newcomer.js";
import { fencedBlocks, isRepositoryBlock, replayBlock, SHELLS, type BlockReplay, type DocBlock } from "./support/replay.js";

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

let mock: DocsMock | undefined;
const results = new Map<DocBlock, BlockReplay>();

beforeAll(async () => {
  const setUp = await newcomerSetUp(PORTS);
  mock = await startDocsMock(setUp.project);
  const context = setUp.context(mock.url);
  for (const block of replayed) results.set(block, await replayBlock(block, context));
}, 3_600_000);

afterAll(() => {
  mock?.stop();
});

describe("a newcomer's replay of the README and the guides, in order, against one mock", () => {
  it("finds the blocks of every document, and no block of a language it cannot run", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(10);
    expect(replayed.length).toBeGreaterThan(60);
    const unknown = blocks.filter((b) => b.lang !== "ts" && !(b.lang in SHELLS) && !NOT_CODE.has(b.lang));
    expect(unknown.map((b) => `${where(b)} (${b.lang})`)).toEqual([]);
  });

  it.each(replayed.map((block) => [`${where(block)} (${block.lang})`, block] as const))("%s runs as written", (_name, block) => {
    expectRanAsWritten(results.get(block)!);
  });
});
