// A profile's JWT command that hangs must not hold a call past its bound: the call's signal stops
// the wait at once and kills the command, and what the shell started with it.
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jwtFromCommand } from "../../../src/cli/config/jwt-command.js";
import { AbortError } from "../../../src/kernel/errors.js";
import { API_KEY, failure, startHarness } from "../../mcp/support/harness.js";
import { until } from "../support/until.js";

const dir = mkdtempSync(join(tmpdir(), "platform-jwt-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("jwtFromCommand", () => {
  it("gives up when the call's signal fires and kills the command's whole process group", async () => {
    const pidFile = join(dir, "sleeper.pid");
    // The shell starts a sleeper in the background and waits on it: killing only the shell would leave it.
    const jwt = jwtFromCommand(`sleep 300 & echo $! > '${pidFile}'; wait`);
    const controller = new AbortController();
    const token = jwt({ signal: controller.signal });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "");
    const sleeper = Number(readFileSync(pidFile, "utf8"));
    expect(alive(sleeper)).toBe(true);
    controller.abort();
    await expect(token).rejects.toBeInstanceOf(AbortError);
    await until(() => !alive(sleeper));
  });

  it("keeps running for the calls still waiting when one of them gives up", async () => {
    const jwt = jwtFromCommand(`sleep 0.3; printf token-after-a-while`);
    const leaving = new AbortController();
    const first = jwt({ signal: leaving.signal });
    const second = jwt({ signal: new AbortController().signal });
    leaving.abort();
    await expect(first).rejects.toBeInstanceOf(AbortError);
    expect(await second).toBe("token-after-a-while");
  });
});

describe("an MCP call whose JWT command hangs", () => {
  it("answers by its bound", async () => {
    const h = await startHarness({ client: { jwt: jwtFromCommand("sleep 300"), apiKey: API_KEY }, server: { maxWaitSeconds: 1 } });
    try {
      const result = await h.call("list_chunks", { botId: "st-0a1b2c3d" });
      expect(failure(result)).toMatchObject({ name: "BoundReached" });
    } finally {
      await h.close();
    }
  });
});
