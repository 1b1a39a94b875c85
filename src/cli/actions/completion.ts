// The work of `platform completion` (../commands/completion.ts), loaded when it runs: the
// shell's script, rendered from the very command tree.
import type { Command } from "commander";
import { commandTree } from "../completion/command-tree.js";
import { completionData } from "../completion/completion-data.js";
import { fishScript } from "../completion/fish-script.js";
import { bashScript, zshScript } from "../completion/sh-script.js";
import { writeOut } from "../output/stdout.js";

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export type Shell = keyof typeof SHELLS;

export function printScript(program: Command, shell: Shell): void {
  writeOut(SHELLS[shell](completionData(commandTree(program))));
}
