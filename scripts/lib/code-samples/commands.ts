// The `platform` sample of each operation, read off the command tree: the command that reaches
// the operation (src/cli/operations.ts), each argument and flag that fills one of its request
// fields (src/cli/spec-flags.ts) given the example's value, and a body no flag can carry given
// whole on stdin (`--file -`), as the command takes it. A required argument or flag the example
// cannot fill stops the build, naming it.
import type { ArgumentNode, CommandNode, FlagNode } from "../../../src/cli/completion/command-tree.js";
import { OPERATION_COMMANDS } from "../../../src/cli/operations.js";
import type { SpecField } from "../../../src/cli/spec-flags.js";
import { shellWord } from "../../../src/cli/shell-word.js";
import type { SampleInputs } from "./sample-inputs.mjs";

const WRAP_AT = 88;

function find(root: CommandNode, words: string[]): CommandNode {
  let node = root;
  for (const word of words) {
    const next = node.subcommands.find((c) => c.path[c.path.length - 1] === word);
    if (!next) throw new Error(`code samples: platform ${words.join(" ")} is not a command`);
    node = next;
  }
  return node;
}

function valueAt(inputs: SampleInputs, field: SpecField): unknown {
  if (field.in === "path") return inputs.params[field.name];
  if (field.in === "query") return inputs.query[field.name];
  return field.name
    .split(".")
    .reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), inputs.body);
}

/** Dotted paths of the body's values (objects walked, arrays and scalars kept whole). */
function leaves(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, item]) => leaves(item, prefix ? `${prefix}.${key}` : key));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The command line for `inputs`' operation. `all` holds every operation's inputs: an argument
 * that fills a field of a sibling operation of the same command (the model file of `models
 * import`, which the session's three steps share) takes that operation's value.
 */
export function commandSample(inputs: SampleInputs, root: CommandNode, all: readonly SampleInputs[]): string {
  const { operationId } = inputs;
  const path = OPERATION_COMMANDS[operationId].split(" ");
  const node = find(root, path);
  const own = (fills: readonly SpecField[]) => fills.find((f) => f.operationId === operationId);
  const sibling = (fills: readonly SpecField[]) => {
    for (const f of fills) {
      const other = all.find((i) => i.operationId === f.operationId);
      const value = other && valueAt(other, f);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const where = `platform ${path.join(" ")} (${operationId})`;

  const words: string[] = [];
  const filled: string[] = [];
  for (const argument of node.arguments) {
    const mine = own(argument.fills);
    const value = mine ? valueAt(inputs, mine) : sibling(argument.fills);
    if (value === undefined) {
      if (argument.required) throw new Error(`code samples: ${where}: no example value for the argument <${argument.name}> (${describe(argument)})`);
      continue;
    }
    if (mine?.in === "body") filled.push(mine.name);
    words.push(...(Array.isArray(value) ? value.map(String) : [String(value)]));
  }

  const bodyFlags: string[][] = [];
  const otherFlags: string[][] = [];
  const bodyFilled: string[] = [];
  for (const flag of node.flags) {
    const mine = own(flag.fills);
    if (!mine) continue;
    const value = valueAt(inputs, mine);
    if (value === undefined) {
      if (flag.required) throw new Error(`code samples: ${where}: no example value for the required flag ${flag.names[0]}`);
      continue;
    }
    const words = flagWords(flag, mine, value);
    (mine.in === "body" ? bodyFlags : otherFlags).push(...words);
    if (mine.in === "body") bodyFilled.push(mine.name);
  }

  // A JSON body some field of which no flag carries goes whole to --file, when the command has it.
  const covered = (leaf: string) => [...filled, ...bodyFilled].some((name) => leaf === name || leaf.startsWith(`${name}.`));
  const takesFile = node.flags.some((f) => f.names.includes("--file"));
  const wholeBody = inputs.mediaType === "application/json" && takesFile && leaves(inputs.body).some((leaf) => !covered(leaf));
  // A destructive command asks on a terminal and refuses without one: the sample says yes.
  const yes = node.flags.some((f) => f.names.includes("--yes")) ? [["--yes"]] : [];
  const flags = wholeBody ? [...otherFlags, ...yes, ["--file", "-"]] : [...otherFlags, ...bodyFlags, ...yes];

  // npx: the command as a project that installed the package runs it (no global install).
  const line = render(["npx", "platform", ...path, ...words], flags);
  return wholeBody ? `${line} <<'EOF'\n${JSON.stringify(inputs.body, null, 2)}\nEOF` : line;
}

function describe(argument: ArgumentNode): string {
  return argument.fills.length > 0 ? `it fills ${argument.fills.map((f) => `${f.operationId} ${f.in}.${f.name}`).join(", ")}` : "it fills no request field";
}

/** The words of one flag for `value`: repeated for a list or for each KEY=VALUE of an object. */
function flagWords(flag: FlagNode, field: SpecField, value: unknown): string[][] {
  const name = flag.names.find((n) => n.startsWith("--")) ?? flag.names[0]!;
  if (!flag.takesValue) return value === (field.given ?? true) ? [[name]] : [];
  if (Array.isArray(value)) return value.map((item) => [name, String(item)]);
  if (isPlainObject(value)) return Object.entries(value).map(([key, item]) => [name, `${key}=${String(item)}`]);
  return [[name, String(value)]];
}

/** One line, or the flags on lines of their own when it would be long. */
function render(command: string[], flags: string[][]): string {
  const head = command.map(shellWord).join(" ");
  const parts = flags.map((words) => words.map(shellWord).join(" "));
  const oneLine = [head, ...parts].join(" ");
  if (oneLine.length <= WRAP_AT || parts.length === 0) return oneLine;
  return [head, ...parts].join(" \\\n  ");
}
