// Tables for people: sized from the first rows, fitted to a terminal's width by narrowing the
// widest columns, long values cut with an ellipsis; off a terminal nothing is cut.
import { describe, expect, it } from "vitest";
import { TableWriter, fitWidths, keepRank } from "../../../src/cli/output/table.js";

function table(rows: Record<string, unknown>[], options: { columns?: string[]; wide?: boolean; width?: number; hints?: string[] }): string[] {
  let text = "";
  const writer = new TableWriter(
    { columns: options.columns ?? ["id", "name"], wide: options.wide ?? false, width: options.width, hint: (message) => options.hints?.push(message) },
    (t) => (text += t),
  );
  for (const row of rows) writer.add(row);
  writer.end();
  return text.trimEnd().split("\n");
}

const rows = [
  { id: "cn-1", name: "Support assistant for the whole European region", status: "ACTIVE" },
  { id: "cn-22", name: "Short", status: "INACTIVE" },
];

describe("TableWriter", () => {
  it("pads every column but the last to its widest cell, the header upper-cased", () => {
    expect(table(rows, {})).toEqual(["ID     NAME", "cn-1   Support assistant for the whole European region", "cn-22  Short"]);
  });

  it("fits a width: the widest column gives way and ends in an ellipsis", () => {
    const lines = table(rows, { width: 30 });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
    expect(lines[1]).toBe("cn-1   Support assistant for…");
    expect(lines[2]).toBe("cn-22  Short");
  });

  it("--wide: every field of the rows as a column, nothing cut", () => {
    const lines = table(rows, { wide: true });
    expect(lines[0]).toMatch(/^ID\s+NAME\s+STATUS$/);
    expect(lines[1]).toContain("Support assistant for the whole European region");
  });

  it("sizes columns from the first hundred rows, then streams the rest with the same widths", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ id: `id-${String(i).padStart(3, "0")}`, name: i === 120 ? "a much longer name than any before" : "n" }));
    const lines = table(many, { width: 12 });
    expect(lines).toHaveLength(151);
    expect(lines[1]).toBe("id-000  n");
    expect(lines[121]).toBe("id-120  a m…");
  });

  it("shows nested values as compact JSON and escapes control characters", () => {
    expect(table([{ id: "x\u001b[2J", name: { a: [1] } }], {})[1]).toBe('x\\e[2J  {"a":[1]}');
  });

  it("prints nothing and says so when there is no row", () => {
    const writer = new TableWriter({ columns: ["id"], wide: false, width: undefined }, () => {
      throw new Error("nothing should be written");
    });
    expect(writer.end()).toBe(false);
  });
});

describe("TableWriter at 80 columns", () => {
  const connections = [
    { connectionId: "cn-d3fb64af-ebed-4e10-ad4e-5f3c2a1b0c9d", connectionName: "Support assistant for the whole European region", provider: "Azure OpenAI (enterprise tenant)", status: "ACTIVE" },
    { connectionId: "cn-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", connectionName: "Short", provider: "OpenAI", status: "INACTIVE" },
  ];
  const columns = ["connectionId", "connectionName", "provider", "status"];

  it("never cuts an id; the other columns give way first, names and statuses last", () => {
    const hints: string[] = [];
    const lines = table(connections, { columns, width: 80, hints });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    for (const row of connections) expect(lines.some((line) => line.startsWith(`${row.connectionId}  `))).toBe(true);
    // The provider gave way to its minimum before the name lost anything it could keep.
    expect(lines[1]).toBe("cn-d3fb64af-ebed-4e10-ad4e-5f3c2a1b0c9d  Support assistant fo…  Azure…  ACTIVE");
    expect(lines[2]).toMatch(/INACTIVE$/);
    expect(hints).toEqual(["the table is cut to fit 80 columns: --wide shows every value whole, -o json every field"]);
  });

  it("keeps ids whole even when the line cannot fit, and says how to see all", () => {
    const hints: string[] = [];
    const lines = table(connections, { columns: ["connectionId", "status"], width: 30, hints });
    expect(lines[1]!.startsWith("cn-d3fb64af-ebed-4e10-ad4e-5f3c2a1b0c9d  ")).toBe(true);
    expect(hints).toHaveLength(1);
  });

  it("says nothing when nothing was cut", () => {
    const hints: string[] = [];
    table(connections, { columns: ["connectionId", "status"], width: 80, hints });
    expect(hints).toEqual([]);
  });
});

describe("keepRank", () => {
  it("ranks ids never to cut, names and statuses last, the rest first", () => {
    expect(["connectionId", "chunkId", "id", "connectionName", "sourceName", "status", "provider", "recordTitle"].map(keepRank)).toEqual([2, 2, 2, 1, 1, 1, 0, 0]);
  });
});

describe("fitWidths", () => {
  it("narrows the widest first and never a column below its minimum", () => {
    expect(fitWidths([4, 40, 10], 40)).toEqual([4, 22, 10]);
    expect(fitWidths([20, 20], 10)).toEqual([6, 6]);
  });
});
