// The Node networking layer measured on loopback, by itself (not part of `npm run bench`):
//
//   calls    µs per sequential keep-alive GET of a small JSON record, read and parsed, through
//            the undici sender, undici.fetch over the same dispatcher, undici.request bare,
//            the node:http sender (src/node/http-sender.ts) and Node's global fetch
//   upload   CPU seconds per GiB (user + system) sending a file as 8 MiB multipart chunks, 4 at
//            a time: the undici sender over fileRange (at several read sizes, reusing its buffers
//            over createDispatcher's dispatcher; with fresh ones over a caller's) or over Blob
//            slices, the node:http sender over Blob slices (today's Node path), and curl: one
//            `curl -T` of the whole file, one `curl -F` of the whole file, and `curl -F` per
//            pre-cut 8 MiB chunk file with --parallel-max 4 (as bench/import.ts runs it)
//
// The sink is a node:http server in its own process that reads and counts every body; each
// upload runs in a fresh process, so its peak RSS is its own.
//
// Run:
//   npx esbuild bench/node-sender.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=node_modules/.cache/node-sender.mjs && node node_modules/.cache/node-sender.mjs [--size-mib=1024] [--reps=3]
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openAsBlob, openSync, rmSync, writeSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Agent, fetch as undiciFetch, request as undiciRequest } from "undici";

import { concatSources } from "../src/node/body-source.js";
import { createDispatcher } from "../src/node/dispatcher.js";
import { fileRange } from "../src/node/file-range.js";
import { httpSender } from "../src/node/http-sender.js";
import { undiciSender, type StreamingOutgoing } from "../src/node/undici-sender.js";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const SELF = fileURLToPath(import.meta.url);
const RESULT = "RESULT ";
const RECORD = JSON.stringify({
  connectionId: "cn-00000000-0000-4000-8000-000000000001",
  connectionName: "warehouse",
  connectionType: "postgres",
  createdOn: "2025-01-01T00:00:00.000Z",
  settings: { host: "db.internal", port: 5432, database: "main", ssl: true },
});
const HEADERS = { "x-api-key": "bench-key-0123456789abcdef", "user-agent": "platform-management-client" };
const BOUNDARY = "----bench-boundary-7d3f9a";

// ---------------------------------------------------------------- sink (own process)

function sink(): void {
  const server = createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(RECORD) }).end(RECORD);
      return;
    }
    let bytes = 0;
    req.on("data", (piece: Buffer) => (bytes += piece.length));
    req.on("end", () => {
      const text = JSON.stringify({ bytes });
      res.writeHead(200, { "content-type": "application/json", "content-length": text.length }).end(text);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => console.log(`LISTEN http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  process.stdin.on("end", () => process.exit(0)).resume();
}

// ---------------------------------------------------------------- per-call latency

async function calls(url: string, count: number, reps: number): Promise<Record<string, number[]>> {
  const target = `${url}/api/public/connections/cn-1`;
  const dispatcher = new Agent();
  const sender = undiciSender(dispatcher);
  const nodeHttp = httpSender() as unknown as ReturnType<typeof undiciSender>;
  const signal = new AbortController().signal;
  const outgoing: StreamingOutgoing = { url: target, method: "GET", headers: HEADERS, body: undefined };
  let sinkValue = 0;
  const parse = (bytes: Uint8Array | null) => (JSON.parse(Buffer.from(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength).toString()) as { connectionName: string }).connectionName.length;
  const variants: Record<string, () => Promise<void>> = {
    "undici sender": async () => {
      sinkValue += parse((await sender(outgoing, signal)).body);
    },
    "undici.fetch, same dispatcher": async () => {
      const res = await undiciFetch(target, { headers: HEADERS, dispatcher });
      sinkValue += ((await res.json()) as { connectionName: string }).connectionName.length;
    },
    "undici.request bare": async () => {
      const res = await undiciRequest(target, { headers: HEADERS, dispatcher });
      sinkValue += ((await res.body.json()) as { connectionName: string }).connectionName.length;
    },
    "node:http sender (keep-alive agent)": async () => {
      sinkValue += parse((await nodeHttp(outgoing, signal)).body);
    },
    "global fetch (Node's bundled undici)": async () => {
      const res = await fetch(target, { headers: HEADERS });
      sinkValue += ((await res.json()) as { connectionName: string }).connectionName.length;
    },
  };
  const names = Object.keys(variants);
  for (const name of names) for (let i = 0; i < 500; i++) await variants[name]!();
  const us: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + rep) % names.length]!;
      const run = variants[name]!;
      const started = performance.now();
      for (let i = 0; i < count; i++) await run();
      us[name]!.push(((performance.now() - started) * 1000) / count);
    }
  }
  if (sinkValue === 0) throw new Error("no answers parsed");
  return us;
}

// ---------------------------------------------------------------- uploads

interface UploadResult {
  cpuSeconds: number;
  seconds: number;
  peakRssMiB: number;
  bytesSent: number;
}

function partHead(n: number): string {
  return (
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="chunkNumber"\r\n\r\n${n}\r\n` +
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="chunk-${n}"\r\ncontent-type: application/octet-stream\r\n\r\n`
  );
}
const PART_TAIL = `\r\n--${BOUNDARY}--\r\n`;

async function upload(url: string, variant: string, file: string, size: number, chunkSize: number, concurrency: number, readSize: number): Promise<UploadResult> {
  const target = `${url}/api/public/files/session/s-1`;
  const signal = new AbortController().signal;
  const headers = { ...HEADERS, "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  const blob = variant.endsWith("Blob") ? await openAsBlob(file) : undefined;
  // createDispatcher's own dispatcher lets a file range reuse its buffers; a caller's Agent does not.
  const send =
    variant === "node:http Blob"
      ? (httpSender() as unknown as ReturnType<typeof undiciSender>)
      : undiciSender(variant === "fileRange, caller's Agent" ? new Agent({ headersTimeout: 0, bodyTimeout: 0 }) : createDispatcher({ proxy: false }));
  const body = (n: number) => {
    const start = n * chunkSize;
    const end = Math.min(start + chunkSize, size);
    return blob ? new Blob([partHead(n), blob.slice(start, end), PART_TAIL]) : concatSources([partHead(n), fileRange(file, start, end, readSize), PART_TAIL]);
  };
  const chunks = Math.ceil(size / chunkSize);
  let next = 0;
  let bytesSent = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let n = next++; n < chunks; n = next++) {
        const answer = await send({ url: target, method: "POST", headers, body: body(n) }, signal);
        if (answer.status !== 200) throw new Error(`chunk ${n} answered ${answer.status}`);
        bytesSent += (JSON.parse(Buffer.from(answer.body!).toString()) as { bytes: number }).bytes;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { cpuSeconds: (used.user + used.system) / 1e6, seconds, peakRssMiB: process.resourceUsage().maxRSS / 1024, bytesSent };
}

function curl(args: string[]): { cpuSeconds: number; seconds: number } {
  // Through sh, whose `times` reports the CPU its child curl used.
  const started = performance.now();
  const run = spawnSync("sh", ["-c", 'curl "$@"; status=$?; times >&2; exit $status', "sh", ...args], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`curl failed: ${run.stderr}`);
  const times = [...run.stderr.matchAll(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/g)].at(-1);
  if (!times) throw new Error(`no times in: ${run.stderr}`);
  return { cpuSeconds: Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]), seconds };
}

// ---------------------------------------------------------------- orchestration

async function child(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [SELF, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let result: unknown;
    createInterface({ input: proc.stdout! }).on("line", (line) => {
      if (line.startsWith(RESULT)) result = JSON.parse(line.slice(RESULT.length));
    });
    proc.on("exit", (code) => (code === 0 ? resolve(result) : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

async function startSink(): Promise<{ url: string; stop(): void }> {
  const proc = spawn(process.execPath, [SELF, "sink"], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve) => {
    createInterface({ input: proc.stdout! }).on("line", (line) => line.startsWith("LISTEN ") && resolve(line.slice(7)));
  });
  return { url, stop: () => proc.stdin!.end() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "size-mib": { type: "string", default: "1024" }, reps: { type: "string", default: "3" }, calls: { type: "string", default: "3000" } } });
  const size = Number(values["size-mib"]) * MiB;
  const reps = Number(values.reps);
  const chunkSize = 8 * MiB;
  const concurrency = 4;
  const server = await startSink();
  const dir = mkdtempSync(join(tmpdir(), "node-sender-bench-"));
  try {
    console.log(`Node ${process.version}, loopback, sink in its own process\n`);
    const latency = (await child(["calls", server.url, values.calls!, String(reps + 2)])) as Record<string, number[]>;
    const base = median(latency["undici.fetch, same dispatcher"]!);
    console.log(`| per call (${values.calls} sequential GETs, keep-alive) | µs, median | runs | vs undici.fetch |\n|---|---|---|---|`);
    for (const [name, us] of Object.entries(latency)) {
      console.log(`| ${name} | ${median(us).toFixed(1)} | ${us.map((u) => u.toFixed(0)).join(" ")} | ${(median(us) / base).toFixed(2)}× |`);
    }

    const file = join(dir, "model.bin");
    const fd = openSync(file, "w");
    const block = Buffer.alloc(MiB);
    for (let i = 0; i < size / MiB; i++) {
      block.writeUInt32LE(i, 0); // distinct blocks; the content itself does not matter to the CPU
      writeSync(fd, block);
    }
    closeSync(fd);
    const chunkDir = join(dir, "chunks");
    spawnSync("mkdir", [chunkDir]);
    spawnSync("split", ["-b", String(chunkSize), "-d", "-a", "4", file, join(chunkDir, "chunk-")]);
    const chunks = Math.ceil(size / chunkSize);

    const rows: Array<[string, number[], number[], number[]]> = [];
    const runs: Array<[string, () => Promise<{ cpuSeconds: number; seconds: number; peakRssMiB?: number }>]> = [
      ...[256 * 1024, MiB, 4 * MiB].map(
        (readSize) =>
          [`undici sender, fileRange (${readSize / 1024} KiB reads)`, async () => (await child(["upload", server.url, "fileRange", file, String(size), String(chunkSize), String(concurrency), String(readSize)])) as UploadResult] as [string, () => Promise<UploadResult>],
      ),
      ["undici sender, fileRange (1024 KiB reads) over a caller's Agent: fresh buffers", async () => (await child(["upload", server.url, "fileRange, caller's Agent", file, String(size), String(chunkSize), String(concurrency), String(MiB)])) as UploadResult],
      ["undici sender, Blob slices", async () => (await child(["upload", server.url, "undici Blob", file, String(size), String(chunkSize), String(concurrency), "0"])) as UploadResult],
      ["node:http sender, Blob slices (today)", async () => (await child(["upload", server.url, "node:http Blob", file, String(size), String(chunkSize), String(concurrency), "0"])) as UploadResult],
      ["curl -T, whole file", async () => curl(["-sS", "--fail", "-o", "/dev/null", "-H", "Expect:", "-T", file, `${server.url}/put`])],
      ["curl -F, whole file", async () => curl(["-sS", "--fail", "-o", "/dev/null", "-H", "Expect:", "-F", `file=@${file};type=application/octet-stream`, `${server.url}/form`])],
      [
        `curl -F per ${chunkSize / MiB} MiB chunk, parallel ${concurrency}`,
        async () => {
          const args = ["--parallel", "--parallel-immediate", "--parallel-max", String(concurrency)];
          for (let n = 0; n < chunks; n++) {
            if (n > 0) args.push("--next");
            args.push("-sS", "--fail", "-o", "/dev/null", "-H", "Expect:", "-F", `file=@${join(chunkDir, `chunk-${String(n).padStart(4, "0")}`)};filename=chunk-${n};type=application/octet-stream`, "-F", `chunkNumber=${n}`, `${server.url}/chunk`);
          }
          return curl(args);
        },
      ],
    ];
    for (const [name] of runs) rows.push([name, [], [], []]);
    for (let rep = 0; rep < reps; rep++) {
      for (let k = 0; k < runs.length; k++) {
        const index = (k + rep) % runs.length;
        const result = await runs[index]![1]();
        rows[index]![1].push(result.cpuSeconds / (size / GiB));
        rows[index]![2].push(size / MiB / result.seconds);
        if (result.peakRssMiB !== undefined) rows[index]![3].push(result.peakRssMiB);
      }
    }
    const curlCpu = median(rows.find(([name]) => name.startsWith("curl -F per"))![1]);
    console.log(`\n| upload ${size / MiB} MiB, ${chunkSize / MiB} MiB chunks, concurrency ${concurrency} | CPU s/GiB, median | runs | vs curl -F per chunk | MiB/s | peak RSS MiB |\n|---|---|---|---|---|---|`);
    for (const [name, cpu, speed, rss] of rows) {
      console.log(`| ${name} | ${median(cpu).toFixed(2)} | ${cpu.map((c) => c.toFixed(2)).join(" ")} | ${(median(cpu) / curlCpu).toFixed(2)}× | ${median(speed).toFixed(0)} | ${rss.length ? median(rss).toFixed(0) : "(curl)"} |`);
    }
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const [role, ...rest] = process.argv.slice(2);
if (role === "sink") sink();
else if (role === "calls") {
  calls(rest[0]!, Number(rest[1]), Number(rest[2])).then((r) => {
    console.log(RESULT + JSON.stringify(r));
    process.exit(0);
  });
} else if (role === "upload") {
  const [url, variant, file, size, chunkSize, concurrency, readSize] = rest as [string, string, string, string, string, string, string];
  upload(url, variant, file, Number(size), Number(chunkSize), Number(concurrency), Number(readSize)).then((r) => {
    console.log(RESULT + JSON.stringify(r));
    process.exit(0);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
