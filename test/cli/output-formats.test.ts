// -o json|jsonl|yaml|table against the stateful mock: json is one document (a listing an array,
// [] when empty), jsonl a record per line, yaml the same data, table the default, cut to a
// terminal's width with an ellipsis and whole off a terminal or with --wide. Text from the service
// reaches a terminal with its control characters escaped, while JSON keeps it exact; a reader
// that closes the pipe ends the command quietly.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { inTerminal } from "./support/pseudo-terminal.js";
import { CREDENTIALS, cli, cliMain, emptyConfigHome, jsonLines, shown } from "./support/run-cli.js";
import { until } from "./support/until.js";

const LONG = 30_000;
const AWAITING_DRAIN = "awaiting-drain";
const APP = "st-0a1b2c3d";
// A title that would retitle the window and clear the screen, and a CR LF that would forge a line.
const HOSTILE = { title: "Travel\u001b]0;owned\u0007 policy\u001b[2J", record: "r\r\nplatform: done" };
let mock: StatefulMock;

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples" });
  mock.seedChunks(
    Array.from({ length: 230 }, (_, i) => ({
      chunkId: `chk-00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      sourceName: `handbook-with-a-rather-long-file-name-${i % 3}.pdf`,
      chunkTitle: i === 0 ? HOSTILE.title : `chunk ${i}`,
      recordTitle: i === 0 ? HOSTILE.record : `record ${i}`,
      pageNumber: i,
    })),
  );
});
afterAll(async () => {
  await mock?.stop();
});

const run = (args: string[]) => cli(args, { env: { PLATFORM_BASE_URL: mock.url } });

describe("json, jsonl and yaml", () => {
  it("json: a paginated listing is one array of every page, an empty one []", async () => {
    const all = await run(["chunks", "list", APP, "--json"]);
    expect(all.code, shown(all)).toBe(0);
    const chunks = JSON.parse(all.stdout) as { chunkId: string; chunkTitle: string }[];
    expect(chunks).toHaveLength(230);
    expect(mock.requests({ operationId: "listChunks" }).length).toBeGreaterThan(1);
    // Exact: the service's text as it was, control characters and all.
    expect(chunks[0]!.chunkTitle).toBe(HOSTILE.title);
    for (const args of [["--json"], ["-o", "json"], ["-o", "yaml"]]) {
      const none = await run(["chunks", "list", APP, "--where", "sourceName=nothing.pdf", ...args]);
      expect(none.code, shown(none)).toBe(0);
      expect(none.stdout).toBe("[]\n");
    }
  }, LONG);

  it("jsonl: one record per line; yaml: the same records", async () => {
    const lines = await run(["chunks", "list", APP, "--limit", "120", "-o", "jsonl"]);
    expect(lines.code, shown(lines)).toBe(0);
    const records = jsonLines(lines) as { chunkId: string }[];
    expect(records).toHaveLength(120);
    const yaml = await run(["chunks", "list", APP, "--limit", "120", "-o", "yaml"]);
    expect(yaml.code, shown(yaml)).toBe(0);
    expect(parseYaml(yaml.stdout)).toEqual(records);
    const { dockStatusId } = JSON.parse((await run(["guardrails", "deploy", "Toxicity", "--json"])).stdout) as { dockStatusId: string };
    const one = await run(["jobs", "get", dockStatusId, "-o", "yaml"]);
    expect(parseYaml(one.stdout)).toEqual(JSON.parse((await run(["jobs", "get", dockStatusId, "--json"])).stdout));
  }, LONG);

  it("--json with another -o, or --wide with a format other than table, is a usage error", async () => {
    for (const args of [["--json", "-o", "yaml"], ["-o", "jsonl", "--wide"]]) {
      const out = await run(["connections", "list", ...args]);
      expect(out.code, shown(out)).toBe(2);
    }
    expect(mock.requests({ operationId: "listConnections" })).toEqual([]);
  }, LONG);
});

describe("table", () => {
  it("is the default; off a terminal every value is whole, and control characters are escaped", async () => {
    const out = await run(["chunks", "list", APP, "--limit", "3"]);
    expect(out.code, shown(out)).toBe(0);
    const lines = out.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^CHUNKID\s+SOURCENAME\s+PAGENUMBER\s+RECORDTITLE$/);
    expect(lines).toHaveLength(4);
    expect(out.stdout).toContain("handbook-with-a-rather-long-file-name-0.pdf");
    expect(out.stdout).toContain("r\\r\\nplatform: done");
    expect(out.stdout).not.toMatch(/(?!\n)\p{Cc}/u);
    expect(out.stdout).not.toMatch(/^platform: done/m);
  }, LONG);

  it("--wide shows every field; field: value lines escape too", async () => {
    const wide = await run(["chunks", "list", APP, "--limit", "2", "--wide"]);
    const header = wide.stdout.split("\n")[0]!.split(/\s+/);
    expect(header).toEqual(expect.arrayContaining(["CHUNKID", "SOURCENAME", "CHUNKTITLE", "RECORDTITLE", "PAGENUMBER"]));
    expect(header.length).toBeGreaterThan(4);
    expect(wide.stdout).toContain("Travel\\e]0;owned\\u0007 policy\\e[2J");
    const body = { provider: "PROVIDER_ONE", connectionName: `Support${HOSTILE.title}${HOSTILE.record}`, model: "model-large-2", fields: { API_KEY: "sk-output-test-1234" } };
    const created = await cli(["connections", "create", "--file", "-", "--json"], { env: { PLATFORM_BASE_URL: mock.url }, stdin: JSON.stringify(body) });
    const { connectionId } = JSON.parse(created.stdout) as { connectionId: string };
    const record = await run(["connections", "get", connectionId]);
    expect(record.stdout).toContain("connectionName: SupportTravel\\e]0;owned\\u0007 policy\\e[2Jr\\r\\nplatform: done\n");
    expect(record.stdout).not.toMatch(/(?!\n)\p{Cc}/u);
    expect(JSON.parse((await run(["connections", "get", connectionId, "--json"])).stdout)).toMatchObject({ connectionName: body.connectionName });
  }, LONG);

  it("on an 80-column terminal it fits the width, cutting long values but never an id, says how to see all, and carries no colour", async () => {
    const term = inTerminal(["chunks", "list", APP, "--limit", "5"], { env: { PLATFORM_BASE_URL: mock.url }, columns: 80 });
    const { code, screen } = await term.done;
    expect(code, screen).toBe(0);
    const rows = screen.split("\r\n").filter((line) => line.startsWith("chk-") || line.startsWith("CHUNKID"));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(Array.from(row).length).toBeLessThanOrEqual(80);
    const ids = ((await run(["chunks", "list", APP, "--limit", "5", "--json"])).stdout.match(/"chunkId": "[^"]+"/g) ?? []).map((field) => field.slice(12, -1));
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(rows.some((row) => row.startsWith(`${id} `)), id).toBe(true);
    expect(screen).toContain("…");
    expect(screen).toContain("--wide shows every value whole, -o json every field");
    expect(screen).not.toContain("\u001b");
  }, LONG);

  it("on a terminal too narrow for an id, keeps it whole and says how to see all", async () => {
    const term = inTerminal(["chunks", "list", APP, "--limit", "1"], { env: { PLATFORM_BASE_URL: mock.url }, columns: 40 });
    const { code, screen } = await term.done;
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/^chk-\S+ {2}/m);
    expect(screen).toContain("the table is cut to fit 40 columns");
  }, LONG);
});

describe("stderr", () => {
  it("escapes control characters in messages, commander's included", async () => {
    const unknown = await run(["help", "connections", "li\u001b[2Jst"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("li\\e[2Jst");
    const typo = await run(["connectoins\u001b]0;x\u0007"]);
    expect(typo.code).toBe(2);
    for (const out of [unknown, typo]) expect(out.stderr).not.toMatch(/(?!\n)\p{Cc}/u);
  }, LONG);
});

describe("a slow reader", () => {
  it("holds the listing back: pages are fetched only as fast as stdout is read, and none is lost", async () => {
    const big = await startStatefulMock({});
    try {
      big.seedChunks(Array.from({ length: 3_000 }, (_, i) => ({ chunkId: `chk-00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, sourceName: "x".repeat(400) })));
      // The command says on stderr when it first waits for stdout to drain: the moment this
      // paused reader holds it back, which the test waits for instead of watching the clock.
      const reportDrainWait = `data:text/javascript,process.stdout.on("newListener",(e)=>e==="drain"&&process.stderr.write("${AWAITING_DRAIN}\\n"))`;
      const child = spawn(process.execPath, ["--import", reportDrainWait, cliMain(), "chunks", "list", APP, "-o", "jsonl"], {
        env: { ...process.env, ...CREDENTIALS, XDG_CONFIG_HOME: emptyConfigHome(), PLATFORM_BASE_URL: big.url },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.pause();
      const pages = () => big.requests({ operationId: "listChunks" }).length;
      let stderr = "";
      let heldBackAt: number | undefined;
      child.stderr.on("data", (part: Buffer) => {
        stderr += part;
        if (heldBackAt === undefined && stderr.includes(AWAITING_DRAIN)) heldBackAt = pages();
      });
      // A command that ignored its reader would fetch all 300 pages without ever waiting.
      await until(() => heldBackAt !== undefined || pages() === 300);
      expect(heldBackAt, `fetched every page while nobody read stdout; stderr: ${stderr}`).toBeDefined();
      expect(heldBackAt).toBeLessThan(100); // of 300 pages
      let lines = 0;
      child.stdout.on("data", (part: Buffer) => {
        for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) lines++;
      });
      child.stdout.resume();
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(code).toBe(0);
      expect(lines).toBe(3_000);
      expect(pages()).toBe(300);
    } finally {
      await big.stop();
    }
  }, LONG);
});

describe("a closed pipe", () => {
  it("`| head -1` ends the listing quietly, with exit 0", async () => {
    const script = `"${process.execPath}" "${cliMain()}" chunks list ${APP} -o jsonl | head -1; echo "exit \${PIPESTATUS[0]}" >&2`;
    const child = spawn("bash", ["-c", script], {
      env: { ...process.env, ...CREDENTIALS, XDG_CONFIG_HOME: emptyConfigHome(), PLATFORM_BASE_URL: mock.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let [stdout, stderr] = ["", ""];
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    await new Promise((resolve) => child.on("close", resolve));
    expect(stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ chunkId: expect.stringMatching(/^chk-/) });
    expect(stderr).toBe("exit 0\n");
  }, LONG);
});
