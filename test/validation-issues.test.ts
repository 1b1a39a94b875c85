// The tests' one reader of a refusal (test/support/validation-issues.ts): it hands back the
// ValidationError and its [field, rule] pairs, and fails the test that uses it, naming what
// happened instead, when nothing is thrown or something other than a ValidationError is.
import { describe, expect, it } from "vitest";
import { ConfigurationError, ValidationError } from "../src/index.js";
import { issuesOf, pairsOf, rejectedIssues, rejectedValidationError, validationErrorOf } from "./support/validation-issues.js";

const refused = new ValidationError([
  { field: "limit", rule: "maximum", message: "limit must be <= 100" },
  { field: "order", rule: "enum", message: "order must be one of asc, desc" },
]);
const fail = (error: unknown) => () => {
  throw error;
};

describe("a ValidationError as the tests read it", () => {
  it("gives the error thrown, and its issues as [field, rule] pairs in order", async () => {
    expect(validationErrorOf(fail(refused))).toBe(refused);
    expect(issuesOf(fail(refused))).toEqual([
      ["limit", "maximum"],
      ["order", "enum"],
    ]);
    expect(pairsOf(refused)).toEqual(issuesOf(fail(refused)));
    // A checker's issues, returned rather than thrown, read the same way.
    expect(pairsOf(refused.issues.slice(1))).toEqual([["order", "enum"]]);
    expect(await rejectedValidationError(Promise.reject(refused))).toBe(refused);
    expect(await rejectedIssues(async () => Promise.reject(refused))).toEqual([
      ["limit", "maximum"],
      ["order", "enum"],
    ]);
    // A function that throws before it makes a promise is a refusal too.
    expect(await rejectedIssues(fail(refused))).toEqual(pairsOf(refused));
    expect(issuesOf(fail(new ConfigurationError("apiKey is required", "apiKey", "required")))).toEqual([["apiKey", "required"]]);
  });

  it("fails when nothing is thrown or the call settles", async () => {
    expect(() => validationErrorOf(() => 1)).toThrow("expected a ValidationError to be thrown, but the call returned normally");
    expect(() => issuesOf(async () => Promise.reject(refused))).toThrow(/returned a promise: use rejectedValidationError/);
    await expect(rejectedIssues(Promise.resolve(1))).rejects.toThrow("expected a rejection with a ValidationError, but the call settled normally");
  });

  it("fails naming the other error, its name and its message", async () => {
    expect(() => issuesOf(fail(new TypeError("chunks must be an array")))).toThrow("expected a ValidationError, but got TypeError: chunks must be an array");
    await expect(rejectedIssues(Promise.reject(new RangeError("too far")))).rejects.toThrow("expected a ValidationError, but got RangeError: too far");
    expect(() => validationErrorOf(fail("a string"))).toThrow("expected a ValidationError, but got a non-error value: a string");
  });

  it("gives a subclass a test asks for, and fails naming it when the error is another", async () => {
    const configuration = new ConfigurationError("apiKey is required", "apiKey", "required");
    expect(validationErrorOf(fail(configuration), ConfigurationError).option).toBe("apiKey");
    expect(await rejectedValidationError(Promise.reject(configuration), ConfigurationError)).toBe(configuration);
    expect(() => validationErrorOf(fail(refused), ConfigurationError)).toThrow("expected a ConfigurationError, but got ValidationError: limit must be <= 100; order");
    expect(() => validationErrorOf(() => 1, ConfigurationError)).toThrow("expected a ConfigurationError to be thrown, but the call returned normally");
  });
});
