// The stateful mock under load, in a process of its own pinned to one core (taskset, where the
// machine has it), driven from this process:
//
//   requests/s   `repetitions` times `seconds` of getConnection calls (a small JSON answer, each request checked
//                against the spec and each answer validated) over `connections` keep-alive
//                connections, after a warm-up. Target: >= 1,000 per second.
//   import RSS   a model import of `bigSize` bytes in 8 MiB numbered chunks (multipart bodies
//                streamed from an AES-CTR keystream, 4 at a time), then the same with `smallSize`
//                in a fresh mock process. The mock keeps sizes and digests, never bytes, so its
//                peak RSS must not grow with the size. The chunk digests the mock reports in the
//                model's export are checked against the sender's own.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createCipheriv, createHash } from "node:crypto";
import { Agent, request } from "node:http";
import { dirname, join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import { API_KEY, options, runMain } from "./lib/child.js";
import { medianPeakRun } from "./lib/stats.mjs";

export interface MockBenchOptions {
  repetitions: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  bigSize: number;
  smallSize: number;
  chunkSize: number;
}

export interface MockBenchResult {
  /** One figure per repetition. */
  requestsPerSecond: number[];
  requests: number;
  errors: number;
  pinned: boolean;
  /** The big import, then the small one. */
  import: MockImport[];
}

/** One import size: the run of median peak RSS, every run's peak beside it. */
export interface MockImport extends ImportRun {
  peakRssRuns: number[];
}

interface ImportRun {
  size: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  seconds: number;
  digestsMatch: boolean;
}

interface MockProcess {
  url: string;
  rss(): Promise<{ rss: number; peak: number }>;
  close(): Promise<void>;
}

const pinnable = spawnSync("taskset", ["--version"]).status === 0;

async function startMockProcess(): Promise<MockProcess> {
  const script = join(dirname(fileURLToPath(import.meta.url)), "mock-server.mjs");
  // One core for the mock: the figure is what a single core of this machine answers.
  const [command, args] = pinnable ? ["taskset", ["-c", "0", process.execPath, script]] : [process.execPath, [script]];
  const child: ChildProcess = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines: Interface = createInterface({ input: child.stdout! });
  const waiting: Array<(line: string) => void> = [];
  lines.on("line", (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const listen = await next();
  if (!listen.startsWith("LISTEN ")) throw new Error(`mock server said: ${listen}`);
  return {
    url: listen.slice("LISTEN ".length),
    async rss() {
      const answer = next();
      child.stdin!.write("RSS\n");
      const [, rss, peak] = (await answer).split(" ");
      return { rss: Number(rss), peak: Number(peak) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.stdin!.end();
      }),
  };
}

function send(
  agent: Agent,
  url: string,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: (write: (piece: Buffer) => Promise<void>) => Promise<void>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, agent, headers: { "x-api-key": API_KEY, ...headers } }, (res) => {
      const pieces: Buffer[] = [];
      res.on("data", (piece: Buffer) => pieces.push(piece));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(pieces).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (!body) return void req.end();
    const write = (piece: Buffer) => new Promise<void>((done) => (req.write(piece) ? done() : req.once("drain", done)));
    body(write).then(() => req.end(), reject);
  });
}

async function requestsPerSecond(o: MockBenchOptions) {
  const mock = await startMockProcess();
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  try {
    const created = await send(agent, mock.url, "POST", "/api/public/connections", { "content-type": "application/json" }, async (write) =>
      write(Buffer.from(JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "bench", model: "m", fields: { API_KEY: "sk-bench-0123456789abcdef" } }))),
    );
    const path = `/api/public/connections/${JSON.parse(created.text).connectionId}`;
    let requests = 0;
    let errors = 0;
    const rates: number[] = [];
    const loop = async (until: number, count: boolean) => {
      while (performance.now() < until) {
        const answer = await send(agent, mock.url, "GET", path, {});
        if (!count) continue;
        if (answer.status === 200) requests++;
        else errors++;
      }
    };
    const warmEnd = performance.now() + o.warmupSeconds * 1000;
    await Promise.all(Array.from({ length: o.connections }, () => loop(warmEnd, false)));
    for (let rep = 0; rep < o.repetitions; rep++) {
      const before = requests;
      const started = performance.now();
      const end = started + o.seconds * 1000;
      await Promise.all(Array.from({ length: o.connections }, () => loop(end, true)));
      rates.push((requests - before) / ((performance.now() - started) / 1000));
    }
    return { requestsPerSecond: rates, requests, errors };
  } finally {
    agent.destroy();
    await mock.close();
  }
}

async function importThrough(size: number, chunkSize: number): Promise<ImportRun> {
  const mock = await startMockProcess();
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const baseline = await mock.rss();
    const totalChunks = Math.ceil(size / chunkSize);
    const start = await send(agent, mock.url, "POST", "/api/public/files/session/start", { "content-type": "application/json" }, async (write) =>
      write(Buffer.from(JSON.stringify({ fileContext: "model", totalChunks, fileExtension: "tar", fileName: "bench.tar", fileSize: size }))),
    );
    const { sessionId, modelId } = JSON.parse(start.text);
    const digests: string[] = [];
    const started = performance.now();
    let nextChunk = 0;
    // Each chunk's bytes come from a keystream of its own, made as they are sent; four chunks
    // are in flight at a time.
    const chunkBytes = (n: number) => Math.min(chunkSize, size - n * chunkSize);
    const worker = async () => {
      for (let n = nextChunk++; n < totalChunks; n = nextChunk++) {
        const length = chunkBytes(n);
        const chunkCipher = createCipheriv("aes-128-ctr", createHash("sha256").update(`chunk ${n}`).digest().subarray(0, 16), Buffer.alloc(16, n % 256));
        const hash = createHash("sha256");
        const boundary = `bench${n}`;
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="chunkNumber"\r\n\r\n${n}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
        const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
        const answer = await send(
          agent,
          mock.url,
          "POST",
          `/api/public/files/session/${sessionId}`,
          { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + length + tail.length },
          async (write) => {
            await write(head);
            const piece = Buffer.alloc(256 * 1024);
            for (let sent = 0; sent < length; sent += piece.length) {
              const bytes = chunkCipher.update(piece.subarray(0, Math.min(piece.length, length - sent)));
              hash.update(bytes);
              await write(bytes);
            }
            await write(tail);
          },
        );
        if (answer.status !== 200) throw new Error(`chunk ${n}: ${answer.status} ${answer.text}`);
        digests[n] = hash.digest("hex");
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const seconds = (performance.now() - started) / 1000;
    const completed = await send(agent, mock.url, "POST", `/api/public/files/session/${sessionId}/complete`, {});
    if (completed.status !== 200) throw new Error(`complete: ${completed.status} ${completed.text}`);
    const importJob = JSON.parse(completed.text);
    // One poll ends the import job (the server runs with jobs: { polls: 0 }): the model is ready.
    await send(agent, mock.url, "GET", `/api/public/dock-status/${importJob.dockStatusId ?? importJob["dock-statusId"]}`, {});
    const peak = (await mock.rss()).peak;
    // The model's export lists the digests the mock took: they must be the sender's own.
    const exported = JSON.parse((await send(agent, mock.url, "POST", `/api/public/models/${modelId}/export`, {})).text);
    const jobId = exported.dockStatusId ?? exported["dock-statusId"];
    await send(agent, mock.url, "GET", `/api/public/dock-status/${jobId}`, {});
    const manifest = JSON.parse((await send(agent, mock.url, "GET", `/__mock/downloads/${jobId}`, {})).text);
    const digestsMatch = JSON.stringify(manifest.chunks.map((c: { sha256: string }) => c.sha256)) === JSON.stringify(digests);
    return { size, baselineRssMiB: baseline.rss, peakRssMiB: peak, seconds, digestsMatch };
  } finally {
    agent.destroy();
    await mock.close();
  }
}

// A single peak moves by some 10 MiB with the timing of garbage collection (socket buffers wait
// for it): each size is imported this many times, big and small in turn, and judged by its median.
const IMPORT_RUNS = 3;

function medianRun(runs: ImportRun[]): MockImport {
  return { ...medianPeakRun(runs), digestsMatch: runs.every((run) => run.digestsMatch) };
}

runMain(async (): Promise<MockBenchResult> => {
  const o = options<MockBenchOptions>();
  const load = await requestsPerSecond(o);
  const big: ImportRun[] = [];
  const small: ImportRun[] = [];
  for (let run = 0; run < IMPORT_RUNS; run++) {
    big.push(await importThrough(o.bigSize, o.chunkSize));
    small.push(await importThrough(o.smallSize, o.chunkSize));
  }
  return { ...load, pinned: pinnable, import: [medianRun(big), medianRun(small)] };
});
