// Control characters in text bound for a terminal become visible escapes.
import { describe, expect, it } from "vitest";
import { terminalLine, terminalLines } from "../../../src/cli/output/terminal-text.js";

describe("terminalLine", () => {
  it.each([
    ["\u001b]0;owned\u0007", "\\e]0;owned\\u0007"],
    ["a\r\nplatform: done", "a\\r\\nplatform: done"],
    ["tab\there", "tab\\there"],
    ["c1\u009bcsi", "c1\\u009bcsi"],
    ["del\u007f", "del\\u007f"],
    ["bidi\u202eevil", "bidi\\u202eevil"],
    ["plain text, ünïcödé ✓", "plain text, ünïcödé ✓"],
  ])("%j → %j", (input, shown) => {
    expect(terminalLine(input)).toBe(shown);
  });

  it("terminalLines keeps the line breaks between lines and escapes inside them", () => {
    expect(terminalLines("one\u001b[2J\ntwo\r")).toBe("one\\e[2J\ntwo\\r");
  });
});
