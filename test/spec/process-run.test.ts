// The one process runner of scripts, tests and benchmarks: what it collects, and that a time bound
// or an abort ends the program it runs.
import { describe, expect, it } from "vitest";
import { runProcess } from "../../scripts/lib/process-run.mjs";

const node = (code: string) => [process.execPath, ["-e", code]] as const;

describe("runProcess", () => {
  it("collects each stream, both as they arrived, and the exit code", async () => {
    const run = await runProcess(...node(`process.stdout.write("out\\n"); setTimeout(() => { process.stderr.write("err\\n"); process.exitCode = 3; }, 20);`));
    expect(run).toMatchObject({ code: 3, signal: null, stdout: "out\n", stderr: "err\n", output: "out\nerr\n", timedOut: false });
    expect(run.seconds).toBeGreaterThan(0);
  });

  it("kills a program that outlives its time bound, and says so", async () => {
    const run = await runProcess(...node(`console.log("started"); setInterval(() => {}, 1000);`), { timeoutMs: 500 });
    expect(run).toMatchObject({ code: null, signal: "SIGKILL", timedOut: true });
  });

  it("kills the program when its abort signal fires", async () => {
    const controller = new AbortController();
    const running = runProcess(...node(`console.log("started"); setInterval(() => {}, 1000);`), { signal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({ code: null, signal: "SIGKILL", timedOut: false });
  });

  it("rejects when the program cannot be started", async () => {
    await expect(runProcess("/nonexistent/program", [])).rejects.toMatchObject({ code: "ENOENT" });
  });
});
