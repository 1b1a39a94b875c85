// --where/--or as commander reads them: the groups in the order typed, into the filter tree.
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { filterTree } from "../../src/cli/filter-tree.js";
import { withWhere } from "../../src/cli/where.js";

function parse(args: string[]) {
  const { command, groups } = withWhere(new Command("list").exitOverride());
  command.action(() => {});
  command.parse(args, { from: "user" });
  return filterTree(groups());
}

const leaf = (key: string, value: string) => ({ key, op: "equals", value });
const and = (...conditions: unknown[]) => ({ operand: "and", conditions });
const or = (...conditions: unknown[]) => ({ operand: "or", conditions });

describe("--where and --or", () => {
  it("no --where: no filter", () => {
    expect(parse([])).toBeUndefined();
  });

  it("--where flags are all required (one and-group)", () => {
    expect(parse(["--where", "sourceName=a.pdf", "--where", "recordTitle=Travel"])).toEqual(and(leaf("sourceName", "a.pdf"), leaf("recordTitle", "Travel")));
  });

  it("--or starts another group; any group matches", () => {
    expect(parse(["--where", "sourceName=a.pdf", "--where", "recordTitle=Travel", "--or", "--where", "sourceName=b.pdf"])).toEqual(
      or(and(leaf("sourceName", "a.pdf"), leaf("recordTitle", "Travel")), and(leaf("sourceName", "b.pdf"))),
    );
  });

  it("a value may hold = and commas", () => {
    expect(parse(["--where", "recordTitle=a=b, c"])).toEqual(and(leaf("recordTitle", "a=b, c")));
  });

  it.each([
    [["--where", "sourceName"], 'must be KEY=VALUE'],
    [["--where", "=x"], "must be KEY=VALUE"],
    [["--or", "--where", "sourceName=a"], "--or must follow at least one --where"],
    [["--where", "sourceName=a", "--or"], "--or must be followed by at least one --where"],
    [["--where", "colour=red"], "--where colour: not a chunk field"],
  ])("%j is refused: %s", (args, message) => {
    expect(() => parse(args)).toThrow(message);
  });
});
