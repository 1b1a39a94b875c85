// The one JSON Pointer module (src/kernel/json-pointer.js) that drift reports, the mock, the
// request checks and the scripts share.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeSegment, pointerOf, segmentsOf, unescapeSegment } from "../../src/kernel/json-pointer.js";

describe("JSON pointers", () => {
  it("escape ~ before / as RFC 6901 does", () => {
    expect(pointerOf(["a/b", "m~n", "~1"])).toBe("/a~1b/m~0n/~01");
    expect(segmentsOf("/a~1b/m~0n/~01")).toEqual(["a/b", "m~n", "~1"]);
    expect(escapeSegment("x~/y")).toBe("x~0~1y");
    expect(pointerOf([])).toBe("");
    expect(segmentsOf("")).toEqual([]);
    expect(segmentsOf("/")).toEqual([""]);
    // ~01 is "~1" escaped, not "/" unescaped twice.
    expect(unescapeSegment("~01")).toBe("~1");
    expect(escapeSegment(3)).toBe("3");
  });

  it("read back every path of names they write", () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: fc.constantFrom("~", "/", "0", "1", "a") })), (names) => {
        expect(segmentsOf(pointerOf(names))).toEqual(names);
        expect(names.map((name) => unescapeSegment(escapeSegment(name)))).toEqual(names);
      }));
  });
});
