// The command tree itself: every operation of the spec has a command, and every command has
// --help with an example.
import { describe, expect, it } from "vitest";
import type { Command } from "commander";
import { operations } from "../../src/generated/operations.js";
import { OPERATION_COMMANDS } from "../../src/cli/operations.js";
import { buildProgram } from "../../src/cli/program.js";

const program = buildProgram("0.0.0-test");
const leaves = (command: Command, path: string[] = []): [string, Command][] =>
  command.commands.length === 0 ? [[path.join(" "), command]] : command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
const commands = new Map(leaves(program));

function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

describe("platform's commands", () => {
  it("reach every operation of the spec", () => {
    expect(Object.keys(OPERATION_COMMANDS).sort()).toEqual(Object.keys(operations).sort());
    for (const [operationId, path] of Object.entries(OPERATION_COMMANDS)) expect(commands.has(path), `${operationId} → ${path}`).toBe(true);
  });

  it("name, in each command's description, the operations it calls", () => {
    for (const [operationId, path] of Object.entries(OPERATION_COMMANDS)) expect(commands.get(path)!.description(), path).toContain(operationId);
  });

  it.each([...commands.keys()])("%s: --help shows its flags and an example", (path) => {
    const help = helpOf(commands.get(path)!);
    expect(help).toContain(`Usage: platform ${path}`);
    // An example starts with the command (as typed, or through npx) or a pipe's first program.
    expect(help).toMatch(/\nExamples?:\n {2}(platform|npx platform|source <\(npx platform|jq) /);
  });

  it("the root help documents the environment and the exit codes", () => {
    const help = helpOf(program);
    for (const text of [
      "PLATFORM_BASE_URL", "PLATFORM_HOST", "PLATFORM_API_KEY", "PLATFORM_JWT", "0 done", "2 usage", "3 API error", "4 job failed", "5 timeout", "6 cancelled",
      "130 interrupted", "PLATFORM_PROFILE", "PLATFORM_DEBUG", "-o",
    ]) {
      expect(help).toContain(text);
    }
  });
});
