// The confirmation prompt and `platform configure`'s questions at a real (pseudo-)terminal: "n"
// and Ctrl-D answer no (exit 6, nothing sent), Ctrl-C and SIGTERM while asking end with 130 and no
// stack trace, `attachments delete` asks like every destructive command, a secret typed at
// configure's prompt is never echoed, and TERM=dumb gets no escape sequence at all.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { createPlatformClient } from "../../src/node.js";
import { inTerminal } from "./support/pseudo-terminal.js";
import { CREDENTIALS } from "./support/run-cli.js";

const LONG = 30_000;
let mock: StatefulMock;
let work: string;

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples", jobs: { polls: 1 } });
  work = mkdtempSync(join(tmpdir(), "platform-prompt-"));
  writeFileSync(join(work, "model.tar"), Buffer.alloc(2 * 1024 * 1024 + 5, 1));
});
beforeEach(() => mock.reset());
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const env = () => ({ PLATFORM_BASE_URL: mock.url });
const STACK = /\n\s+at /;

describe("the confirmation prompt", () => {
  it('"n" cancels: exit 6, nothing sent', async () => {
    const term = inTerminal(["guardrails", "undeploy", "Toxicity"], { env: env() });
    await term.waitFor("undeploy guardrail Toxicity? [y/N] ");
    term.type("n\r");
    const { code, screen } = await term.done;
    expect(code, screen).toBe(6);
    expect(screen).toContain("platform: cancelled; nothing was changed");
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("Ctrl-D answers no: exit 6, no stack trace", async () => {
    const term = inTerminal(["models", "undeploy", "cm-4e5f6a7b"], { env: env() });
    await term.waitFor("[y/N] ");
    term.type("\u0004");
    const { code, screen } = await term.done;
    expect(code, screen).toBe(6);
    expect(screen).not.toMatch(STACK);
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("Ctrl-C while asking: exit 130, no stack trace, nothing sent", async () => {
    const term = inTerminal(["tools", "undeploy", "a-5e6f7a8b"], { env: env() });
    await term.waitFor("[y/N] ");
    term.type("\u0003");
    const { code, screen } = await term.done;
    expect(code, screen).toBe(130);
    expect(screen).toContain("platform: interrupted");
    expect(screen).not.toMatch(STACK);
    expect(screen).not.toContain("AbortError");
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it.each(["SIGTERM", "SIGHUP"] as const)("%s while asking: exit 130", async (signal) => {
    const term = inTerminal(["guardrails", "undeploy", "Toxicity"], { env: env() });
    const pid = await term.pid();
    await term.waitFor("[y/N] ");
    process.kill(pid, signal);
    const { code, screen } = await term.done;
    expect(code, screen).toBe(130);
    expect(screen).not.toMatch(STACK);
  }, LONG);

  it("attachments delete asks, and goes ahead on y", async () => {
    const client = createPlatformClient({ baseUrl: mock.url, apiKey: CREDENTIALS.PLATFORM_API_KEY });
    const { fileId } = await client.attachments.upload("st-0a1b2c3d", "dev", { file: new Uint8Array([1, 2, 3]), fileName: "a.pdf", userReference: "user-42" });
    const term = inTerminal(["attachments", "delete", "st-0a1b2c3d", "dev", fileId], { env: env() });
    await term.waitFor(`delete attachment ${fileId} of st-0a1b2c3d/dev? [y/N] `);
    expect(mock.requests({ operationId: "deleteAttachment" })).toEqual([]);
    term.type("y\r");
    const { code, screen } = await term.done;
    expect(code, screen).toBe(0);
    expect(mock.requests({ operationId: "deleteAttachment" })).toHaveLength(1);
  }, LONG);
});

describe("a terminal that cannot move the cursor (TERM=dumb)", () => {
  it("gets plain progress lines and a plain prompt, no escape sequence", async () => {
    const imported = inTerminal(["models", "import", "model.tar", "--chunk-size", "1MiB"], { env: { ...env(), TERM: "dumb" }, cwd: work });
    const first = await imported.done;
    expect(first.code, first.screen).toBe(0);
    expect(first.screen).toMatch(/uploaded 2\.0 MiB of 2\.0 MiB \(3\/3 chunks/);
    const asked = inTerminal(["guardrails", "undeploy", "Toxicity"], { env: { ...env(), TERM: "dumb" } });
    await asked.waitFor("[y/N] ");
    asked.type("n\r");
    const second = await asked.done;
    expect(second.code).toBe(6);
    for (const screen of [first.screen, second.screen]) expect(screen).not.toContain("\u001b");
  }, LONG);
});

describe("platform configure at a terminal", () => {
  it("asks for each setting, never echoes a secret, and saves the profile with mode 0600", async () => {
    const home = mkdtempSync(join(tmpdir(), "platform-configure-"));
    const key = "tty-typed-api-key-8c1f0e2d";
    try {
      const term = inTerminal(["configure", "--profile", "typed"], { env: { XDG_CONFIG_HOME: home, ...CREDENTIALS } });
      await term.waitFor("Base URL (https://…) or host name [none]: ");
      term.type(`${mock.url}\r`);
      await term.waitFor("API key (not shown) [none]: ");
      term.type(`${key}\r`);
      await term.waitFor("JWT for the chunk operations (not shown) [none]: ");
      term.type("\r");
      await term.waitFor("or a command that prints a fresh JWT [none]: ");
      term.type("\r");
      const { code, screen } = await term.done;
      expect(code, screen).toBe(0);
      expect(screen).not.toContain(key);
      const file = join(home, "platform/config.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ profiles: { typed: { baseUrl: mock.url, apiKey: key } } });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, LONG);
});
