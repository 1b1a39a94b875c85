// The `platform` commands the README and the command-line guide show, held to the real command
// tree: each names a command that exists and only flags that command (or the root) knows, and
// a flag that takes a value has one. A renamed flag fails here, not in a reader's script.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { buildProgram } from "../../src/cli/program.js";

const DOCUMENTS = ["README.md", "docs/guides/command-line.md"];
const program = buildProgram("0.0.0-test");

/** `platform …` invocations in ```sh blocks, continuation lines joined, up to a pipe or comment. */
function invocations(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\\\n\s*/g, ""));
  return blocks.flatMap((block) =>
    block
      .split("\n")
      .flatMap((line) => [...line.matchAll(/(?:^|\| |\$\()\s*(?:npx )?platform (.*?)(?=\s+#|\s+\||\)|$)/g)].map((m) => m[1]!.trim()))
      .filter((text) => text.length > 0),
  );
}

/** Shell words, with '…' and "…" quoting (enough for documentation). */
const words = (text: string): string[] => [...text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

function check(invocation: string): string[] {
  const problems: string[] = [];
  const tokens = words(invocation);
  // Help and version are commander's own, on every command.
  if (tokens.includes("--help") || tokens.includes("--version")) return [];
  let command: Command = program;
  const options: Option[] = [...program.options];
  // Global flags may come before the command: `platform --profile ci connections list`.
  const leading: string[] = [];
  while (tokens.length > 0 && tokens[0]!.startsWith("--")) {
    const option = program.options.find((o) => o.long === tokens[0]!.split("=")[0]);
    leading.push(tokens.shift()!);
    if (option && (option.required || option.optional) && !leading[leading.length - 1]!.includes("=") && tokens.length > 0) leading.push(tokens.shift()!);
  }
  tokens.push(...leading);
  while (tokens.length > 0 && !tokens[0]!.startsWith("-")) {
    const next = command.commands.find((c) => c.name() === tokens[0]);
    if (!next) break;
    command = next;
    options.push(...next.options);
    tokens.shift();
  }
  // A group with an action of its own (configure) runs without a subcommand.
  const runsItself = (command as unknown as { _actionHandler: unknown })._actionHandler !== null;
  if (command.commands.length > 0 && !runsItself) problems.push(`"${invocation}": "${command.name()}" needs a subcommand`);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith("--")) continue;
    const [flag, inline] = token.split("=", 2) as [string, string | undefined];
    const option = options.find((o) => o.long === flag);
    if (!option) problems.push(`"${invocation}": ${command.name()} has no option ${flag}`);
    else if ((option.required || option.optional) && inline === undefined) {
      const value = tokens[i + 1];
      if (value === undefined || value.startsWith("--")) problems.push(`"${invocation}": ${flag} needs a value`);
      i += 1;
    }
  }
  return problems;
}

describe.each(DOCUMENTS)("the platform commands of %s", (document) => {
  const found = invocations(readFileSync(resolve(REPO_ROOT, document), "utf8"));

  it("are there to check", () => {
    expect(found.length).toBeGreaterThan(4);
  });

  it("name real commands and flags", () => {
    expect(found.flatMap(check)).toEqual([]);
  });
});

describe("the check itself", () => {
  it("catches an unknown command, an unknown flag and a missing value", () => {
    expect(check("models imprt model.tar")).not.toEqual([]);
    expect(check("models import model.tar --chunksize 8MiB")).toEqual([expect.stringContaining("has no option --chunksize")]);
    expect(check("models import model.tar --state --wait")).toEqual([expect.stringContaining("--state needs a value")]);
    expect(check("models import model.tar --state s.json --wait --json")).toEqual([]);
    expect(check("--profile ci models import model.tar --wait")).toEqual([]);
    expect(check("--profile ci models imprt model.tar")).not.toEqual([]);
  });
});
