// `platform …` invocations held to the real command tree: each names a command that exists and
// only flags that command (or the root) knows, and a flag that takes a value has one. Shared by
// the tests of the commands the documents show (README, guides) and of the reference's samples.
import type { Command, Option } from "commander";
import { buildProgram } from "../../../src/cli/program.js";

const program = buildProgram("0.0.0-test");

/**
 * `platform …` invocations in a shell text: continuation lines joined, a heredoc's body left out,
 * each up to a pipe, a comment, a redirection or the end of its line.
 */
export function invocations(shell: string): string[] {
  const joined = shell.replace(/\\\n\s*/g, "").replace(/<<'?(\w+)'?\n[\s\S]*?\n\1(?:\n|$)/g, "\n");
  return joined
    .split("\n")
    .flatMap((line) => [...line.matchAll(/(?:^|\| |\$\()\s*(?:npx )?platform (.*?)(?=\s+#|\s+\||\s+<|\)|$)/g)].map((m) => m[1]!.trim()))
    .filter((text) => text.length > 0);
}

/** The shell blocks (```sh, ```bash, ```zsh, ```fish) of a markdown text. */
export const shellBlocks = (markdown: string): string[] => [...markdown.matchAll(/```(?:sh|bash|zsh|fish)\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** Shell words, with '…' and "…" quoting (enough for documentation). */
const words = (text: string): string[] => [...text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

/** What is wrong with one invocation (the words after `platform`); empty when nothing is. */
export function checkInvocation(invocation: string): string[] {
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
