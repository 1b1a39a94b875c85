// Where a command sends and with what: flags, then the environment, then a profile saved by
// `platform configure`, setting by setting; two names for the target refused; the profiles
// file kept private (0600, refused when others can read it), secrets never echoed; --debug's
// lines on stderr only. Each mock takes only its own API key, so a request that lands proves
// which target and which key were used.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { cli, printed, shown } from "./support/run-cli.js";

const LONG = 30_000;
const KEYS = { flag: "flag-layer-key-71c0", env: "env-layer-key-2b9d", profile: "profile-layer-key-5e3a" };
const COMMAND_JWT = "eyJcommand.issued-token.sig9f1";
const mocks = {} as Record<"flag" | "env" | "profile", StatefulMock>;
let home: string;

beforeAll(async () => {
  for (const layer of ["flag", "env", "profile"] as const) mocks[layer] = await startStatefulMock({ apiKey: KEYS[layer], jwt: COMMAND_JWT });
  home = mkdtempSync(join(tmpdir(), "platform-settings-"));
});
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.reset();
  rmSync(join(home, "platform"), { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(Object.values(mocks).map((m) => m.stop()));
  rmSync(home, { recursive: true, force: true });
});

/** A run with no credential in the environment unless given: the layers under test decide. */
const run = (args: string[], env: Record<string, string | undefined> = {}, stdin?: string) =>
  cli(args, { env: { XDG_CONFIG_HOME: home, PLATFORM_API_KEY: undefined, PLATFORM_JWT: undefined, ...env }, ...(stdin !== undefined ? { stdin } : {}) });
const landed = () => Object.fromEntries(Object.entries(mocks).map(([layer, mock]) => [layer, mock.requests().map((r) => r.status)]));
const writeProfiles = (profiles: Record<string, Record<string, string>>, mode = 0o600) => {
  mkdirSync(join(home, "platform"), { recursive: true, mode: 0o700 });
  const file = join(home, "platform/config.json");
  writeFileSync(file, JSON.stringify({ profiles }), { mode });
  chmodSync(file, mode);
  return file;
};

describe("flags, then environment, then profile", () => {
  it("takes each setting from the first layer that has it", async () => {
    writeProfiles({ default: { baseUrl: mocks.profile.url, apiKey: KEYS.profile } });
    const fromProfile = await run(["connections", "list", "--json"]);
    expect(fromProfile.code, shown(fromProfile)).toBe(0);
    const fromEnv = await run(["connections", "list", "--json"], { PLATFORM_BASE_URL: mocks.env.url, PLATFORM_API_KEY: KEYS.env });
    expect(fromEnv.code, shown(fromEnv)).toBe(0);
    const fromFlags = await run(["--base-url", mocks.flag.url, "--api-key", KEYS.flag, "connections", "list", "--json"], {
      PLATFORM_BASE_URL: mocks.env.url,
      PLATFORM_API_KEY: KEYS.env,
    });
    expect(fromFlags.code, shown(fromFlags)).toBe(0);
    // Mixed: the target from the environment, the key from the profile.
    const mixed = await run(["connections", "list", "--json"], { PLATFORM_BASE_URL: mocks.profile.url });
    expect(mixed.code, shown(mixed)).toBe(0);
    expect(landed()).toEqual({ flag: [200], env: [200], profile: [200, 200] });
  }, LONG);

  it("--host wins over PLATFORM_BASE_URL: the environment's target gets nothing", async () => {
    const out = await run(["--host", "127.0.0.1:9", "--api-key", KEYS.env, "guardrails", "deploy", "Toxicity"], { PLATFORM_BASE_URL: mocks.env.url });
    expect(out.code, shown(out)).toBe(3);
    expect(out.stderr).toContain("ConnectionError");
    expect(landed()).toEqual({ flag: [], env: [], profile: [] });
  }, LONG);

  it("refuses two names for the target in one layer, before anything is sent (exit 2)", async () => {
    const flags = await run(["--host", "acme.platform.example", "--base-url", mocks.flag.url, "connections", "list"], { PLATFORM_API_KEY: KEYS.flag });
    expect(flags.code, shown(flags)).toBe(2);
    expect(flags.stderr).toContain("--base-url and --host both name the target");
    const env = await run(["connections", "list"], { PLATFORM_BASE_URL: mocks.env.url, PLATFORM_HOST: "acme.platform.example", PLATFORM_API_KEY: KEYS.env });
    expect(env.code, shown(env)).toBe(2);
    expect(env.stderr).toContain("PLATFORM_BASE_URL and PLATFORM_HOST are both set");
    expect(landed()).toEqual({ flag: [], env: [], profile: [] });
  }, LONG);

  it("PLATFORM_PROFILE and --profile pick a profile; a named one that is missing is a usage error", async () => {
    writeProfiles({ default: { baseUrl: mocks.env.url, apiKey: KEYS.env }, staging: { baseUrl: mocks.profile.url, apiKey: KEYS.profile } });
    expect((await run(["connections", "list"], { PLATFORM_PROFILE: "staging" })).code).toBe(0);
    expect((await run(["--profile", "staging", "connections", "list"], { PLATFORM_PROFILE: "default" })).code).toBe(0);
    const missing = await run(["--profile", "prod", "connections", "list"]);
    expect(missing.code, shown(missing)).toBe(2);
    expect(missing.stderr).toContain('profile "prod" is not in');
    expect(landed()).toEqual({ flag: [], env: [], profile: [200, 200] });
  }, LONG);

  it("a profile's JWT command gives the chunk operations their token", async () => {
    writeProfiles({
      default: { baseUrl: mocks.profile.url, apiKey: KEYS.profile, jwtCommand: `printf '%s\\n' '${COMMAND_JWT}'` },
      broken: { baseUrl: mocks.profile.url, jwtCommand: "echo no token here >&2; exit 7" },
    });
    const listed = await run(["chunks", "list", "st-0a1b2c3d", "--json"]);
    expect(listed.code, shown(listed)).toBe(0);
    const broken = await run(["--profile", "broken", "chunks", "list", "st-0a1b2c3d"]);
    expect(broken.code, shown(broken)).toBe(2);
    expect(broken.stderr).toContain("the profile's JWT command exited with 7: no token here");
    expect(landed().profile).toEqual([200]);
  }, LONG);
});

describe("platform configure", () => {
  it("saves secrets read from stdin to a 0600 file in a 0700 folder, and prints them masked", async () => {
    const out = await run(["configure", "--profile", "ci", "--base-url", mocks.profile.url, "--with-api-key", "--with-jwt"], {}, `${KEYS.profile}\n${COMMAND_JWT}\n`);
    expect(out.code, shown(out)).toBe(0);
    const file = join(home, "platform/config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, "platform")).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ profiles: { ci: { baseUrl: mocks.profile.url, apiKey: KEYS.profile, jwt: COMMAND_JWT } } });
    const listed = await run(["configure", "list", "--json"]);
    expect(JSON.parse(listed.stdout)).toMatchObject({ profiles: [{ profile: "ci", apiKey: `****${KEYS.profile.slice(-4)}`, jwt: `****${COMMAND_JWT.slice(-4)}` }] });
    const table = await run(["configure", "list"]);
    expect(table.stdout).toMatch(/^PROFILE\s+ACTIVE\s+TARGET\s+APIKEY\s+JWT/);
    expect((await run(["--profile", "ci", "connections", "list"])).code).toBe(0);
  }, LONG);

  it("never takes a secret from the command line", async () => {
    const out = await run(["--api-key", KEYS.flag, "configure", "--profile", "ci"]);
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("never from the command line");
    expect(() => statSync(join(home, "platform/config.json"))).toThrow();
  }, LONG);

  it("refuses to read a profiles file others can read, and sends nothing", async () => {
    const file = writeProfiles({ default: { baseUrl: mocks.profile.url, apiKey: KEYS.profile } }, 0o644);
    const out = await run(["connections", "list"]);
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain(`chmod 600 ${file}`);
    expect(landed().profile).toEqual([]);
  }, LONG);
});

describe("--debug", () => {
  it("prints a line per request and answer on stderr (attempt numbers included), never on stdout", async () => {
    mocks.flag.inject({ operation: "listConnections", kind: "503", nth: 1 });
    const env = { PLATFORM_BASE_URL: mocks.flag.url, PLATFORM_API_KEY: KEYS.flag };
    const out = await run(["--debug", "connections", "list", "--json"], env);
    expect(out.code, shown(out)).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ connections: [], total: 0 });
    expect(out.stderr).toMatch(/^debug: GET \/api\/public\/connections -> 503 in \d+ ms \(listConnections, attempt 1, (no request id|request id \S+)\)$/m);
    expect(out.stderr).toMatch(/^debug: GET \/api\/public\/connections -> 200 in \d+ ms \(listConnections, attempt 2, /m);
    const fromEnv = await run(["connections", "list"], { ...env, PLATFORM_DEBUG: "1" });
    expect(fromEnv.stderr).toMatch(/^debug: GET \/api\/public\/connections -> 200/m);
    const off = await run(["--no-debug", "connections", "list"], { ...env, PLATFORM_DEBUG: "1" });
    expect(off.stderr).toBe("");
  }, LONG);
});

describe("what users reach for first", () => {
  it("--version prints the package's and the spec's versions; help reaches any depth", async () => {
    const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const out = await run(["--version"]);
    expect(out.stdout).toBe(`platform ${version.version} (spec ${version.version})\n`);
    const help = await run(["help", "connections", "list"]);
    expect(help.code, shown(help)).toBe(0);
    expect(help.stdout).toContain("Usage: platform connections list [options]");
    expect(help.stdout).toContain("--provider <provider>");
  }, LONG);
});

describe("everything the commands above printed", () => {
  it("holds no credential", () => {
    expect(printed.length).toBeGreaterThan(0);
    const all = printed.join("\n");
    for (const secret of [...Object.values(KEYS), COMMAND_JWT]) expect(all).not.toContain(secret);
  });
});
