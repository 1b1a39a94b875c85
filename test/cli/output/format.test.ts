// Which format a command prints in: -o, its --json alias, and table (fitted on a terminal only).
import { describe, expect, it } from "vitest";
import { resolveOutput } from "../../../src/cli/output/format.js";

const pipe = { isTTY: false, columns: 0 };
const terminal = { isTTY: true, columns: 93 };

describe("resolveOutput", () => {
  it("defaults to a table, fitted to the terminal's width only on a terminal", () => {
    expect(resolveOutput({}, terminal)).toEqual({ format: "table", wide: false, width: 93 });
    expect(resolveOutput({}, pipe)).toEqual({ format: "table", wide: false, width: undefined });
    expect(resolveOutput({ wide: true }, terminal)).toEqual({ format: "table", wide: true, width: undefined });
  });

  it("--json is -o json", () => {
    expect(resolveOutput({ json: true }, terminal).format).toBe("json");
    expect(resolveOutput({ json: true, output: "json" }, terminal).format).toBe("json");
    expect(resolveOutput({ output: "jsonl" }, terminal)).toEqual({ format: "jsonl", wide: false, width: undefined });
  });

  it("refuses --json with another format, and --wide off a table", () => {
    expect(() => resolveOutput({ json: true, output: "yaml" }, pipe)).toThrow("--json means -o json; it cannot go with -o yaml");
    expect(() => resolveOutput({ output: "json", wide: true }, pipe)).toThrow("--wide is for table output");
  });
});
