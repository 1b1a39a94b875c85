// The MCP server (issue 19) against the client it wraps, in one run, on the same local server:
//
//   calls    a tools/call of get_connection to `platform mcp` over stdio (a process of its own,
//            started by the SDK's StdioClientTransport, warmed up), against the same
//            getConnection made directly with the client in this process: µs per call each.
//   import   a model import through the import_model tool of a running `platform mcp` (a fresh
//            process per run, started and connected first: an MCP server lives for a session,
//            not for one import), timed from tools/call to its result, against models.import
//            against models.import in a fresh script of its own (bench/lib/library-import.ts),
//            timed from the call to its result: both imports run in a process that has not
//            imported before (the same cold JIT), neither counts start-up. The same file, chunk
//            size and concurrency. Reported beside it: models.import called in this warm process
//            (after earlier imports), the server's spawn to result against the script's spawn to
//            exit, and each process's CPU per GiB.
//            The server's peak RSS is its own, read from getrusage as it exits; the sink's sha256
//            proves each upload byte-exact.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, exitFigures, MiB, options, runMain, sinkProblem, startServer, runCommand as run, writeExitProbe } from "./lib/child.js";

export interface McpBenchOptions {
  calls: number;
  warmup: number;
  repetitions: number;
  file: string;
  fileSize: number;
  sha256: string;
  chunkSize: number;
  concurrency: number;
  importRepetitions: number;
  /** The bundled command line (platform.mjs beside this bundle). */
  cli: string;
  /** The bundled library script (library-import.mjs beside this bundle). */
  libraryScript: string;
}

export interface McpBenchResult {
  calls: number;
  /** Microseconds per call, one figure per repetition. */
  mcpUs: number[];
  clientUs: number[];
  fileSize: number;
  /** tools/call import_model to its result, the server already running. */
  mcpMiBps: number[];
  /** models.import in this warm process. */
  inProcessMiBps: number[];
  /** The server's spawn to the tool's result, start-up and handshake included. */
  mcpSpawnMiBps: number[];
  mcpStartupMs: number[];
  /** models.import in a script of its own, spawn to exit. */
  libraryMiBps: number[];
  /** models.import in a script of its own, from the call to its result (start-up excluded). */
  libraryCallMiBps: number[];
  mcpPeakRssMiB: number[];
  /** CPU time (user + system) of each process per GiB imported: steadier than MiB/s on a busy machine. */
  mcpCpuPerGiB: number[];
  libraryCpuPerGiB: number[];
  hashOk: boolean;
  problems: string[];
}

const CONNECTION_ID = "cn-00000000-0000-4000-8000-000000000001";

async function startMcp(cli: string, url: string, peakScript: string, maxWait: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", peakScript, cli, "mcp", "--max-wait", maxWait],
    env: { PATH: process.env.PATH ?? "", PLATFORM_BASE_URL: url, PLATFORM_API_KEY: API_KEY },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const agent = new Client({ name: "bench", version: "1.0.0" });
  await agent.connect(transport);
  return {
    call: async (name: string, args: Record<string, unknown>) => {
      const result = (await agent.callTool({ name, arguments: args }, undefined, { timeout: 600_000 })) as CallToolResult;
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
      return result;
    },
    /** Closes the session; the server exits and reports its peak RSS and CPU time. */
    close: async () => {
      const exited = new Promise<void>((done) => {
        transport.onclose = () => done();
      });
      await agent.close();
      await exited;
      // The peak line is the server's last word on stderr; give the pipe a moment to deliver it.
      for (let i = 0; i < 50 && Number.isNaN(exitFigures(stderr).cpuSeconds); i++) await new Promise((r) => setTimeout(r, 20));
      return exitFigures(stderr);
    },
  };
}


runMain(async (): Promise<McpBenchResult> => {
  const o = options<McpBenchOptions>();
  const server = await startServer();
  const problems: string[] = [];
  const result: McpBenchResult = {
    calls: o.calls,
    mcpUs: [],
    clientUs: [],
    fileSize: o.fileSize,
    mcpMiBps: [],
    inProcessMiBps: [],
    mcpSpawnMiBps: [],
    mcpStartupMs: [],
    libraryMiBps: [],
    libraryCallMiBps: [],
    mcpPeakRssMiB: [],
    mcpCpuPerGiB: [],
    libraryCpuPerGiB: [],
    hashOk: true,
    problems,
  };
  const perGiB = (seconds: number) => (seconds * 1024 * MiB) / o.fileSize;
  const peakScript = writeExitProbe(process.cwd());
  const check = async (sessionId: string | undefined, what: string) => {
    const problem = await sinkProblem(server.url, sessionId, o.sha256, what);
    if (problem) {
      result.hashOk = false;
      problems.push(problem);
    }
  };
  try {
    // Per call: the same read, through the MCP server over stdio and straight through the client.
    const client = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY });
    const mcp = await startMcp(o.cli, server.url, peakScript, "50s");
    const viaMcp = async (n: number) => {
      for (let i = 0; i < n; i++) await mcp.call("get_connection", { connectionId: CONNECTION_ID });
    };
    const direct = async (n: number) => {
      for (let i = 0; i < n; i++) await client.connections.get(CONNECTION_ID);
    };
    await viaMcp(o.warmup);
    await direct(o.warmup);
    for (let rep = 0; rep < o.repetitions; rep++) {
      for (const [which, into] of (rep % 2 === 0
        ? [
            [viaMcp, result.mcpUs],
            [direct, result.clientUs],
          ]
        : [
            [direct, result.clientUs],
            [viaMcp, result.mcpUs],
          ]) as Array<[(n: number) => Promise<void>, number[]]>) {
        const started = performance.now();
        await which(o.calls);
        into.push(((performance.now() - started) * 1000) / o.calls);
      }
    }
    await mcp.close();

    // The import: the tool, the library in this process and in a script of its own, the order rotating.
    const mibps = (seconds: number) => o.fileSize / MiB / seconds;
    const variants = ["mcp", "in-process", "library"];
    for (let rep = 0; rep < o.importRepetitions; rep++) {
      for (const variant of variants.map((_, i) => variants[(i + rep) % variants.length]!)) {
        if (variant === "in-process") {
          const started = performance.now();
          const imported = await client.models.import({ source: o.file, chunkSize: o.chunkSize, concurrency: o.concurrency });
          result.inProcessMiBps.push(mibps((performance.now() - started) / 1000));
          await check(imported.sessionId, "in-process");
          continue;
        }
        if (variant === "library") {
          const ran = await run(process.execPath, ["--import", peakScript, o.libraryScript, o.file, String(o.chunkSize), String(o.concurrency)], {
            PLATFORM_BASE_URL: server.url,
            PLATFORM_API_KEY: API_KEY,
          });
          if (ran.code !== 0) problems.push(`the library script exited with ${ran.code}: ${ran.out.slice(-500)}`);
          else {
            result.libraryMiBps.push(mibps(ran.seconds));
            const importSeconds = Number(/"importSeconds":([0-9.e+-]+)/.exec(ran.out)?.[1]);
            if (Number.isFinite(importSeconds) && importSeconds > 0) result.libraryCallMiBps.push(mibps(importSeconds));
            else problems.push(`the library script printed no importSeconds: ${ran.out.slice(-200)}`);
            result.libraryCpuPerGiB.push(perGiB(exitFigures(ran.out).cpuSeconds));
          }
          await check(/"sessionId":"([^"]+)"/.exec(ran.out)?.[1], "library script");
          continue;
        }
        const spawned = performance.now();
        const server2 = await startMcp(o.cli, server.url, peakScript, "10m");
        const started = performance.now();
        result.mcpStartupMs.push(started - spawned);
        const imported = await server2.call("import_model", { path: o.file, chunkSize: o.chunkSize, concurrency: o.concurrency, maxWaitSeconds: 600 });
        const ended = performance.now();
        result.mcpMiBps.push(mibps((ended - started) / 1000));
        result.mcpSpawnMiBps.push(mibps((ended - spawned) / 1000));
        const figures = await server2.close();
        result.mcpPeakRssMiB.push(figures.peakMiB);
        result.mcpCpuPerGiB.push(perGiB(figures.cpuSeconds));
        await check((imported.structuredContent as { sessionId?: string } | undefined)?.sessionId, "import_model");
      }
    }
    return result;
  } finally {
    await server.close();
  }
});
