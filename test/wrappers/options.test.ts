// Client options are checked when the client is made, each failure naming the option.
import { describe, expect, it } from "vitest";
import { createPlatformClient } from "../../src/index.js";
import { ConfigurationError, ValidationError } from "../../src/kernel/errors.js";
import { resolveOptions } from "../../src/wrappers/options.js";
import { validationErrorOf } from "../support/validation-issues.js";

describe("client options", () => {
  it.each([
    [{}, "host"],
    [{ host: "a.example", baseUrl: "http://127.0.0.1:1" }, "baseUrl"],
    [{ host: "https://a.example" }, "host"],
    [{ host: "a.example/path" }, "host"],
    [{ baseUrl: "ftp://a.example" }, "baseUrl"],
    [{ baseUrl: "not a url" }, "baseUrl"],
    [{ baseUrl: "https://user:pw@a.example" }, "baseUrl"],
    [{ host: "a.example", apiKey: "" }, "apiKey"],
    [{ host: "a.example", jwt: 42 }, "jwt"],
    [{ host: "a.example", timeoutMs: 0 }, "timeoutMs"],
    [{ host: "a.example", timeoutMs: Number.NaN }, "timeoutMs"],
    [{ host: "a.example", maxRetries: -1 }, "maxRetries"],
    [{ host: "a.example", maxRetries: 1.5 }, "maxRetries"],
    [{ host: "a.example", fetch: "nope" }, "fetch"],
  ])("refuses %j, naming %s", (options, option) => {
    expect(validationErrorOf(() => createPlatformClient(options as never), ConfigurationError).option).toBe(option);
  });

  it("names every bad option at once in one ValidationError, each field with its rule, a misspelt one with the option it resembles", () => {
    const error = validationErrorOf(
      () => createPlatformClient({ host: "https://a.example", timeoutMs: 0, maxRetires: 3, validateResponses: "loud" } as never),
      ConfigurationError,
    );
    // A ValidationError, as the MCP server's and the mocks' refusals are; still a ConfigurationError for callers who catch that.
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.issues).toEqual([
      { field: "maxRetires", rule: "unknownOption", message: "maxRetires is not an option; did you mean maxRetries?" },
      { field: "host", rule: "format", message: "host must be a bare host name (no scheme, no path), e.g. acme.platform.example" },
      { field: "timeoutMs", rule: "exclusiveMinimum", message: "timeoutMs must be a positive number of milliseconds" },
      { field: "validateResponses", rule: "enum", message: 'validateResponses must be one of "off", "warn", "strict" (got "loud")' },
    ]);
    expect(error.option).toBe("maxRetires");
    expect(error.message).toBe(error.issues.map((issue) => issue.message).join("; "));
  });

  it("builds https://{host} from a host and keeps a base URL as given", () => {
    expect(resolveOptions({ host: "acme.platform.example" }).baseUrl).toBe("https://acme.platform.example");
    expect(resolveOptions({ baseUrl: "http://127.0.0.1:4010/" }).baseUrl).toBe("http://127.0.0.1:4010");
  });

  it("defaults to a 60 s timeout and 2 retries", () => {
    expect(resolveOptions({ host: "a.example" })).toMatchObject({ timeoutMs: 60_000, maxRetries: 2 });
  });
});
