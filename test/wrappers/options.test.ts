// Client options are checked when the client is made, each failure naming the option.
import { describe, expect, it } from "vitest";
import { createPlatformClient } from "../../src/index.js";
import { ConfigurationError } from "../../src/kernel/errors.js";
import { resolveOptions } from "../../src/wrappers/options.js";

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
    const error = (() => {
      try {
        createPlatformClient(options as never);
      } catch (e) {
        return e;
      }
    })() as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe(option);
  });

  it("builds https://{host} from a host and keeps a base URL as given", () => {
    expect(resolveOptions({ host: "acme.platform.example" }).baseUrl).toBe("https://acme.platform.example");
    expect(resolveOptions({ baseUrl: "http://127.0.0.1:4010/" }).baseUrl).toBe("http://127.0.0.1:4010");
  });

  it("defaults to a 60 s timeout and 2 retries", () => {
    expect(resolveOptions({ host: "a.example" })).toMatchObject({ timeoutMs: 60_000, maxRetries: 2 });
  });
});
