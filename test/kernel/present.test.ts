import { describe, expect, it } from "vitest";
import { group, present } from "../../src/kernel/present.js";

describe("present", () => {
  it("returns a value that is there, falsy ones included", () => {
    expect(present(0, "count")).toBe(0);
    expect(present("", "name")).toBe("");
    expect(present(false, "flag")).toBe(false);
  });

  it("throws an internal error naming what was missing, undefined or null", () => {
    expect(() => present(undefined, "path parameter modelId")).toThrow("Internal error: path parameter modelId is missing");
    expect(() => present(null, "the request's body")).toThrow("Internal error: the request's body is missing");
  });
});

describe("group", () => {
  it("returns a capture group that took part", () => {
    const match = /^(\d+)(ms)?$/.exec("12");
    expect(match && group(match, 1)).toBe("12");
  });

  it("throws naming the group and the matched text when the group did not take part", () => {
    const match = /^(\d+)(ms)?$/.exec("12");
    expect(() => match && group(match, 2)).toThrow('Internal error: group 2 of the match of "12" is missing');
  });
});
