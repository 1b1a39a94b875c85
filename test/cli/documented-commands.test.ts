// The `platform` commands the README, the landing page and the command-line guide show, held to
// the real command tree (./support/command-check.ts): a renamed flag fails here, not in a
// reader's script.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { checkInvocation, invocations, shellBlocks } from "./support/command-check.js";

// The fewest commands each document shows today, less a margin: a parser that stops finding them
// must not leave the check below with nothing to check.
const DOCUMENTS: Array<[string, number]> = [
  ["README.md", 6],
  ["docs/index.md", 2],
  ["docs/guides/command-line.md", 40],
];

describe.each(DOCUMENTS)("the platform commands of %s", (document, fewest) => {
  const found = shellBlocks(readFileSync(resolve(REPO_ROOT, document), "utf8")).flatMap(invocations);

  it(`are there to check (at least ${fewest})`, () => {
    expect(found.length).toBeGreaterThanOrEqual(fewest);
  });

  it("name real commands and flags", () => {
    expect(found.flatMap(checkInvocation)).toEqual([]);
  });
});

describe("the check itself", () => {
  it("catches an unknown command, an unknown flag and a missing value", () => {
    expect(checkInvocation("models imprt model.tar")).not.toEqual([]);
    expect(checkInvocation("models import model.tar --chunksize 8MiB")).toEqual([expect.stringContaining("has no option --chunksize")]);
    expect(checkInvocation("models import model.tar --state --wait")).toEqual([expect.stringContaining("--state needs a value")]);
    expect(checkInvocation("models import model.tar --state s.json --wait --json")).toEqual([]);
    expect(checkInvocation("--profile ci models import model.tar --wait")).toEqual([]);
    expect(checkInvocation("--profile ci models imprt model.tar")).not.toEqual([]);
  });

  it("reads continued lines and leaves a heredoc's body out", () => {
    expect(invocations("platform models deploy cm-1 \\\n  --model-type openSource --file - <<'EOF'\n{\"platform x\": 1}\nEOF\nplatform jobs get ds-1")).toEqual(["models deploy cm-1 --model-type openSource --file -", "jobs get ds-1"]);
  });
});
