// The Node networking options (src/node/network-options.ts, proxy-env.ts, dispatcher.ts): every
// wrong key or value fails at start-up naming the option and the rule, never quoting a secret;
// the environment's proxies are read as undici and curl read them; the right dispatcher is built.
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closestName, editDistance } from "../../src/kernel/option-check.js";
import { createDispatcher } from "../../src/node/dispatcher.js";
import { checkNetworkOptions, type NetworkOptions } from "../../src/node/network-options.js";
import { proxiesFromEnvironment } from "../../src/node/proxy-env.js";
import { ConfigurationError } from "../../src/kernel/errors.js";
import { makePki, type Pki } from "../support/throwaway-pki.js";
import { validationErrorOf } from "../support/validation-issues.js";

let pki: Pki;
beforeAll(() => {
  pki = makePki();
});
afterAll(() => pki.remove());

const NO_ENV = {};
const SECRET = "pr0xy-s3cret";

/** The ConfigurationError `make` throws, as { option, message }. */
function failure(make: () => unknown): { option: string; message: string } {
  const { option, message } = validationErrorOf(make, ConfigurationError);
  return { option, message };
}
const check = (options: unknown) => () => checkNetworkOptions(options as NetworkOptions);

describe("network options: names", () => {
  it("suggests the option a misspelt key was meant to be", () => {
    expect(failure(check({ porxy: "http://p:1" }))).toEqual({ option: "porxy", message: "unknown option porxy: did you mean proxy?" });
    expect(failure(check({ keepAliveTimeout: 1000 }))).toMatchObject({ message: "unknown option keepAliveTimeout: did you mean keepAliveTimeoutMs?" });
    expect(failure(check({ proxyTLS: {} }))).toMatchObject({ message: "unknown option proxyTLS: did you mean proxyTls?" });
    expect(failure(check({ tls: { CA: pki.ca } }))).toEqual({ option: "tls.CA", message: "unknown option tls.CA: did you mean tls.ca?" });
  });

  it("lists the valid names when nothing is close", () => {
    expect(failure(check({ retries: 3 })).message).toBe(
      "unknown option retries: the options are dispatcher, proxy, tls, proxyTls, keepAliveTimeoutMs, connections, connectTimeoutMs",
    );
    expect(failure(check({ tls: { certificateFile: "x" } })).message).toBe(
      "unknown option tls.certificateFile: the tls settings are ca, cert, key, passphrase, rejectUnauthorized, servername",
    );
  });

  it("measures edits with swaps counted once and case ignored", () => {
    expect(editDistance("porxy", "proxy")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(closestName("CONECTIONS", ["connections", "proxy"])).toBe("connections");
    expect(closestName("zzzzzz", ["connections", "proxy"])).toBeUndefined();
    expect(closestName("tl", ["tls", "ca"])).toBe("tls");
  });
});

describe("network options: values", () => {
  it.each([
    [{ options: "x" }, "options", "network options must be an object"],
    [{ connections: "4" }, "connections", "connections must be a positive integer"],
    [{ connections: 0 }, "connections", "connections must be a positive integer"],
    [{ connections: 1.5 }, "connections", "connections must be a positive integer"],
    [{ keepAliveTimeoutMs: -1 }, "keepAliveTimeoutMs", "keepAliveTimeoutMs must be a positive number of milliseconds"],
    [{ connectTimeoutMs: Number.NaN }, "connectTimeoutMs", "connectTimeoutMs must be a positive number of milliseconds"],
    [{ proxy: true }, "proxy", "proxy must be a proxy URL (a non-empty string or a URL), or false to ignore HTTP_PROXY and HTTPS_PROXY"],
    [{ proxy: " " }, "proxy", "proxy must be a proxy URL (a non-empty string or a URL), or false to ignore HTTP_PROXY and HTTPS_PROXY"],
    [{ tls: "strict" }, "tls", "tls must be an object of TLS settings (ca, cert, key, passphrase, rejectUnauthorized, servername)"],
    [{ tls: { ca: 42 } }, "tls.ca", "tls.ca must be PEM text: a string, a Buffer, or a non-empty array of them"],
    [{ tls: { ca: [] } }, "tls.ca", "tls.ca must be PEM text: a string, a Buffer, or a non-empty array of them"],
    [{ tls: { rejectUnauthorized: "no" } }, "tls.rejectUnauthorized", "tls.rejectUnauthorized must be a boolean"],
    [{ tls: { servername: "" } }, "tls.servername", "tls.servername must be a non-empty host name"],
    [{ proxyTls: { passphrase: 7 } }, "proxyTls.passphrase", "proxyTls.passphrase must be a string; proxyTls.passphrase needs proxyTls.key"],
    [{ proxy: false, proxyTls: {} }, "proxyTls", "proxyTls cannot be set with proxy: false, since no proxy is used"],
    [{ dispatcher: {} }, "dispatcher", "dispatcher must be an undici Dispatcher (an object with a dispatch() method)"],
  ])("%o fails on %s", (input, option, message) => {
    const options = "options" in input ? input.options : input;
    expect(failure(check(options))).toEqual({ option, message });
  });

  it("wants a client certificate and its key together, and a passphrase only with a key", () => {
    expect(failure(check({ tls: { cert: pki.client.cert } }))).toEqual({ option: "tls.key", message: "tls.cert and tls.key go together: tls.key is missing" });
    expect(failure(check({ tls: { key: pki.client.key } }))).toEqual({ option: "tls.cert", message: "tls.cert and tls.key go together: tls.cert is missing" });
    expect(failure(check({ tls: { ca: pki.ca, passphrase: "p" } }))).toEqual({ option: "tls.passphrase", message: "tls.passphrase needs tls.key" });
  });

  it("loads the PEMs at start-up, saying which one failed and never quoting key or passphrase", () => {
    expect(failure(check({ tls: { ca: "not a certificate" } }))).toMatchObject({ option: "tls.ca", message: expect.stringMatching(/^tls\.ca could not be loaded: /) });
    expect(failure(check({ tls: { cert: "junk", key: pki.client.key } }))).toMatchObject({ option: "tls.cert" });
    const wrongPassphrase = "wrong horse";
    const bad = failure(check({ tls: { cert: pki.client.cert, key: pki.client.encryptedKey, passphrase: wrongPassphrase } }));
    expect(bad.option).toBe("tls.key");
    expect(bad.message).toMatch(/^tls\.key could not be loaded: /);
    expect(bad.message).not.toContain(wrongPassphrase);
    expect(bad.message).not.toContain("PRIVATE KEY");
    // The other client certificate's key is not this certificate's.
    const mismatch = failure(check({ tls: { cert: pki.server.cert, key: pki.client.key } }));
    expect(mismatch.option).toBe("tls.key");
    expect(() => checkNetworkOptions({ tls: { cert: pki.client.cert, key: pki.client.encryptedKey, passphrase: pki.client.passphrase } })).not.toThrow();
    expect(() => checkNetworkOptions({ tls: { ca: [pki.ca, Buffer.from(pki.otherCa)], servername: "x.test", rejectUnauthorized: true } })).not.toThrow();
  });

  it("takes defaults for what is left out", () => {
    expect(checkNetworkOptions(undefined)).toEqual({
      dispatcher: undefined,
      proxy: undefined,
      tls: undefined,
      proxyTls: undefined,
      keepAliveTimeoutMs: 4_000,
      connections: undefined,
      connectTimeoutMs: 10_000,
    });
  });
});

describe("network options: proxy URLs never leak their credentials", () => {
  it("checks an explicit proxy URL without quoting it", () => {
    const invalid = failure(check({ proxy: `http://user:${SECRET}@[not-a-host` }));
    expect(invalid).toEqual({ option: "proxy", message: "proxy is not a valid proxy URL (expected e.g. http://proxy.example:3128)" });
    const socks = failure(check({ proxy: `socks5://user:${SECRET}@127.0.0.1:1080` }));
    expect(socks).toEqual({ option: "proxy", message: "proxy must be an http: or https: proxy URL, not socks5:" });
    expect(checkNetworkOptions({ proxy: "127.0.0.1:3128" }).proxy).toBe("http://127.0.0.1:3128/");
    expect(checkNetworkOptions({ proxy: new URL("https://proxy.test:8443") }).proxy).toBe("https://proxy.test:8443/");
  });

  it("names the environment variable that holds a bad proxy URL, not its value", () => {
    const error = validationErrorOf(() => createDispatcher({}, { HTTPS_PROXY: `ftp://user:${SECRET}@proxy.test` }), ConfigurationError);
    expect(error.option).toBe("HTTPS_PROXY");
    expect(error.message).toBe("HTTPS_PROXY must be an http: or https: proxy URL, not ftp:");
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(error.cause).toBeUndefined();
    expect(failure(() => createDispatcher({}, { http_proxy: `http://u:${SECRET}@` })).option).toBe("http_proxy");
  });
});

describe("proxies from the environment", () => {
  it("reads the lower-case spelling first, an empty one meaning none", () => {
    expect(proxiesFromEnvironment({ http_proxy: "http://lower:1", HTTP_PROXY: "http://upper:2", NO_PROXY: "a.test" })).toEqual({
      httpProxy: "http://lower:1/",
      httpsProxy: "",
      noProxy: "a.test",
    });
    expect(proxiesFromEnvironment({ https_proxy: "", HTTPS_PROXY: "http://upper:2", no_proxy: "b.test", NO_PROXY: "a.test" })).toEqual({
      httpProxy: "",
      httpsProxy: "",
      noProxy: "b.test",
    });
    expect(proxiesFromEnvironment({ HTTPS_PROXY: " proxy.test:3128 " }).httpsProxy).toBe("http://proxy.test:3128/");
  });
});

describe("createDispatcher", () => {
  const built: Dispatcher[] = [];
  afterAll(async () => {
    await Promise.all(built.map((d) => d.close()));
  });
  const make = (options: NetworkOptions, env: Record<string, string> = NO_ENV) => {
    const dispatcher = createDispatcher(options, env);
    built.push(dispatcher);
    return dispatcher;
  };

  it("builds an Agent without proxies, an EnvHttpProxyAgent with them, a ProxyAgent for an explicit proxy", () => {
    expect(make({})).toBeInstanceOf(Agent);
    expect(make({}, { NO_PROXY: "*" })).toBeInstanceOf(Agent);
    expect(make({}, { HTTP_PROXY: "http://127.0.0.1:3128" })).toBeInstanceOf(EnvHttpProxyAgent);
    expect(make({ proxy: false }, { HTTP_PROXY: "http://127.0.0.1:3128" })).toBeInstanceOf(Agent);
    expect(make({ proxy: "http://127.0.0.1:3128" })).toBeInstanceOf(ProxyAgent);
  });

  it("uses the caller's dispatcher as it is, reading nothing of the environment, and alone", () => {
    const own = new Agent();
    built.push(own);
    expect(createDispatcher({ dispatcher: own }, { HTTPS_PROXY: "ftp://would-fail" })).toBe(own);
    expect(failure(() => createDispatcher({ dispatcher: own, tls: { ca: pki.ca }, connections: 2 }))).toEqual({
      option: "tls",
      message: "dispatcher replaces the client's own networking, so tls, connections cannot be set with it: configure your dispatcher instead",
    });
  });
});
