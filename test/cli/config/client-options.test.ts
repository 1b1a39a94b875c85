// resolveClientOptions, the one place flags, environment and profile become client options (the
// commands and `platform mcp` both call it): each setting from the first layer that has it.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveClientOptions } from "../../../src/cli/config/client-options.js";

let home: string;
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ XDG_CONFIG_HOME: home, ...extra });

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "platform-client-options-"));
  mkdirSync(join(home, "platform"), { mode: 0o700 });
  const file = join(home, "platform/config.json");
  const profiles = {
    default: { host: "profile.platform.example", apiKey: "profile-api-key-123456", jwt: "profile-jwt-123456" },
    tokens: { baseUrl: "http://127.0.0.1:4010", jwtCommand: "printf token-from-command" },
  };
  writeFileSync(file, JSON.stringify({ profiles }), { mode: 0o600 });
  chmodSync(file, 0o600);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("resolveClientOptions", () => {
  it("takes each setting from flags, then the environment, then the profile", () => {
    expect(resolveClientOptions({}, env()).options).toEqual({ host: "profile.platform.example", apiKey: "profile-api-key-123456", jwt: "profile-jwt-123456" });
    expect(resolveClientOptions({}, env({ PLATFORM_BASE_URL: "http://env.example", PLATFORM_API_KEY: "env-api-key-123456" })).options).toEqual({
      baseUrl: "http://env.example",
      apiKey: "env-api-key-123456",
      jwt: "profile-jwt-123456",
    });
    expect(resolveClientOptions({ host: "flag.example", jwt: "flag-jwt-123456" }, env({ PLATFORM_BASE_URL: "http://env.example" })).options).toEqual({
      host: "flag.example",
      apiKey: "profile-api-key-123456",
      jwt: "flag-jwt-123456",
    });
  });

  it("names the profile a setting came from and lists the secrets to mask", () => {
    const settings = resolveClientOptions({ apiKey: "flag-api-key-123456" }, env());
    expect(settings.profile).toBe("default");
    expect(settings.secrets.sort()).toEqual(["flag-api-key-123456", "profile-jwt-123456"]);
    expect(resolveClientOptions({ baseUrl: "http://a.example", apiKey: "k-123456", jwt: "j-123456" }, env()).profile).toBeUndefined();
  });

  it("turns a profile's JWT command into a function the client calls", async () => {
    const { options } = resolveClientOptions({ profile: "tokens" }, env());
    expect(typeof options.jwt).toBe("function");
    expect(await (options.jwt as () => Promise<string>)()).toBe("token-from-command");
  });

  it("refuses two names for the target in one layer, and a named profile that is not there", () => {
    expect(() => resolveClientOptions({ host: "a.example", baseUrl: "http://b.example" }, env())).toThrow("--base-url and --host both name the target");
    expect(() => resolveClientOptions({}, env({ PLATFORM_BASE_URL: "http://a.example", PLATFORM_HOST: "b.example" }))).toThrow("PLATFORM_BASE_URL and PLATFORM_HOST are both set");
    expect(() => resolveClientOptions({}, env({ PLATFORM_PROFILE: "prod" }))).toThrow('profile "prod" is not in');
  });

  it("names the missing credential of an operation, and no value", () => {
    expect(() => resolveClientOptions({ baseUrl: "http://a.example" }, { XDG_CONFIG_HOME: join(home, "none") }, { operationIds: ["listChunks"] })).toThrow(
      "listChunks needs PLATFORM_JWT (or --jwt, or a profile saved with platform configure): it is not set",
    );
  });

  it("says a credential is needed by the command the user typed when it is given, not by an operation they never named", () => {
    const needs = { operationIds: ["getDockStatus"] as const, command: "mcp" };
    expect(() => resolveClientOptions({ baseUrl: "http://a.example" }, { XDG_CONFIG_HOME: join(home, "none") }, needs)).toThrow(/^mcp needs PLATFORM_API_KEY \(or --api-key/);
    expect(() => resolveClientOptions({ baseUrl: "http://a.example" }, { XDG_CONFIG_HOME: join(home, "none") }, needs)).not.toThrow(/getDockStatus/);
  });

  it("does not read the profiles file when flags and environment settle everything", () => {
    const broken = mkdtempSync(join(tmpdir(), "platform-broken-profile-"));
    try {
      mkdirSync(join(broken, "platform"));
      writeFileSync(join(broken, "platform/config.json"), "{ not json", { mode: 0o644 });
      const settings = resolveClientOptions({ baseUrl: "http://a.example", apiKey: "k-123456", jwt: "j-123456" }, { XDG_CONFIG_HOME: broken });
      expect(settings.options).toEqual({ baseUrl: "http://a.example", apiKey: "k-123456", jwt: "j-123456" });
      expect(() => resolveClientOptions({ baseUrl: "http://a.example" }, { XDG_CONFIG_HOME: broken })).toThrow("others may read or change it (mode 644)");
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe("the profiles file is what it claims to be", () => {
  const fresh = (setup: (folder: string, file: string) => void) => {
    const base = mkdtempSync(join(tmpdir(), "platform-profiles-kind-"));
    const folder = join(base, "platform");
    mkdirSync(folder, { mode: 0o700 });
    setup(folder, join(folder, "config.json"));
    return { env: { XDG_CONFIG_HOME: base } as NodeJS.ProcessEnv, done: () => rmSync(base, { recursive: true, force: true }) };
  };

  it("a profile named like a property every object has is not a profile", () => {
    expect(() => resolveClientOptions({ profile: "toString" }, env())).toThrow('profile "toString" is not in');
    expect(() => resolveClientOptions({ profile: "constructor" }, env())).toThrow('profile "constructor" is not in');
  });

  it("refuses a FIFO in place of the file at once, without waiting for a writer", () => {
    const { env: fifoEnv, done } = fresh((_, file) => execFileSync("mkfifo", ["-m", "600", file]));
    try {
      expect(() => resolveClientOptions({ profile: "default" }, fifoEnv)).toThrow("config.json: not a regular file");
    } finally {
      done();
    }
  });

  it("refuses a 0600 file in a folder others may write to, as ssh does", () => {
    const { env: looseEnv, done } = fresh((folder, file) => {
      writeFileSync(file, JSON.stringify({ profiles: { default: { host: "a.example", apiKey: "loose-folder-key-123" } } }), { mode: 0o600 });
      chmodSync(file, 0o600);
      chmodSync(folder, 0o777);
    });
    try {
      expect(() => resolveClientOptions({}, looseEnv)).toThrow(/its folder .* may be changed by others \(mode 777\).*chmod go-w/);
    } finally {
      done();
    }
  });
});
