// The mock dies with its parent, as a user runs it: `npm run mock` started the way a terminal
// starts it (in a process group of its own), then Ctrl-C (SIGINT to the whole group, as a
// terminal sends it; npm itself waits for its script on SIGINT), or SIGTERM, SIGHUP or SIGKILL to
// npm's own pid. Within a bound, nothing listens on the mock's port any more: neither the script
// nor the Prism child it started.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { npmCommand } from "../../scripts/lib/pack.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

const RELEASE_BOUND_MS = 10_000;

function startNpmMock(extra: string[], direct = false) {
  const [command, args] = direct ? [process.execPath, ["scripts/mock.mjs", "--port", "0"]] : (npmCommand(["run", "mock", "--", "--port", "0", ...extra]) as [string, string[]]);
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" }, detached: true });
  let output = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  const url = new Promise<URL>((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      output += `${line}\n`;
      const match = /Mock server: (http:\/\/\S+)/.exec(line);
      if (match) resolve(new URL(match[1]!));
    });
    child.once("exit", (code, signal) => reject(new Error(`npm run mock exited (${signal ?? code}) before listening:\n${output}`)));
  });
  return { child, url };
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

async function releasedWithin(port: number, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (!(await accepts(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("npm run mock dies with npm", () => {
  const cases: Array<[NodeJS.Signals, string[]]> = [
    ["SIGINT", []],
    ["SIGTERM", []],
    ["SIGHUP", []],
    ["SIGKILL", []],
    ["SIGTERM", ["--stateful"]],
    ["SIGKILL", ["--stateful"]],
  ];
  it.each(cases)("%s frees the port (%j)", async (signal, extra) => {
    const { child, url } = startNpmMock(extra);
    try {
      const port = Number((await url).port);
      expect(await accepts(port)).toBe(true);
      if (signal === "SIGINT") process.kill(-child.pid!, signal);
      else child.kill(signal);
      expect(await releasedWithin(port, RELEASE_BOUND_MS), `port ${port} still bound ${RELEASE_BOUND_MS} ms after ${signal}`).toBe(true);
    } finally {
      // Whatever the outcome, nothing of this test outlives it.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }
  }, 90_000);
});

describe("Prism dies with the process that started it", () => {
  it("frees the port when the script holding Prism is killed with SIGKILL", async () => {
    // No handler runs on SIGKILL: only the closed stdin pipe tells Prism its parent is gone.
    const { child, url } = startNpmMock([], true);
    try {
      const port = Number((await url).port);
      child.kill("SIGKILL");
      expect(await releasedWithin(port, RELEASE_BOUND_MS), `Prism still holds port ${port}`).toBe(true);
    } finally {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }
  }, 90_000);
});
