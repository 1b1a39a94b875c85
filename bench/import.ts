// One import of a file into the local sink, in a fresh process (so its peak RSS is this run's
// alone), by one of five senders that put the same chunks in the same multipart shape
// (a `file` part named chunk-N, type application/octet-stream, and a `chunkNumber` field):
//
//   client           models.import from the Node entry, given the file path
//   client-stream    the same, given { stream: fs.createReadStream(file), size }
//   portable-stream  models.import from the portable entry (over the global fetch), given a web
//                    ReadableStream of the file and its size, as a browser program has one
//   fetch            a plain fetch loop over fs.openAsBlob slices, `concurrency` workers
//   curl             one `curl --parallel --parallel-max <concurrency>` with one transfer per
//                    chunk, each read from a pre-cut file (curl -F cannot send part of a file)
//
// Reports the wall time from the session start to the completion, MiB/s, the sender's CPU time
// (this process's, or curl's), this process's peak RSS (not curl's), and whether the sink's
// sha256 of the chunks in number order is the file's.
import { spawn } from "node:child_process";
import { createReadStream, openAsBlob } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createPlatformClient as createPortableClient } from "../src/index.js";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, MiB, options, peakRssMiB, runMain, startServer } from "./lib/child.js";

export interface ImportOptions {
  variant: "client" | "client-stream" | "portable-stream" | "fetch" | "curl";
  file: string;
  fileSize: number;
  sha256: string;
  chunkSize: number;
  concurrency: number;
  latencyMs?: number;
  /** For curl: the directory holding chunk-N files of `chunkSize` bytes. */
  chunkDir?: string;
}

export interface ImportResult {
  variant: ImportOptions["variant"];
  fileSize: number;
  concurrency: number;
  seconds: number;
  mibPerSecond: number;
  /** CPU time of the sender (this process, or curl), user + system. */
  cpuSeconds: number | null;
  /** CPU time the sink spent meanwhile (parsing, hashing, HTTP). */
  sinkCpuSeconds: number;
  peakRssMiB: number | null;
  hashOk: boolean;
  sinkSha256: string | null;
  maxInFlight: number;
  problems: string[];
}

const FILE_NAME = "model.bin";

async function viaClient(url: string, o: ImportOptions): Promise<string> {
  const client = createPlatformClient({ baseUrl: url, apiKey: API_KEY });
  const result = await client.models.import({ source: o.file, fileName: FILE_NAME, chunkSize: o.chunkSize, concurrency: o.concurrency });
  return result.sessionId;
}

async function viaClientStream(url: string, o: ImportOptions): Promise<string> {
  const client = createPlatformClient({ baseUrl: url, apiKey: API_KEY });
  const source = { stream: createReadStream(o.file), size: o.fileSize };
  const result = await client.models.import({ source, fileName: FILE_NAME, chunkSize: o.chunkSize, concurrency: o.concurrency });
  return result.sessionId;
}

async function viaPortableStream(url: string, o: ImportOptions): Promise<string> {
  const client = createPortableClient({ baseUrl: url, apiKey: API_KEY });
  const stream = Readable.toWeb(createReadStream(o.file)) as ReadableStream<Uint8Array>;
  const result = await client.models.import({ source: { stream, size: o.fileSize }, fileName: FILE_NAME, chunkSize: o.chunkSize, concurrency: o.concurrency });
  return result.sessionId;
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function startSession(url: string, o: ImportOptions): Promise<{ sessionId: string; totalChunks: number }> {
  const totalChunks = Math.ceil(o.fileSize / o.chunkSize);
  const session = await post(`${url}/api/public/files/session/start`, {
    fileContext: "model",
    totalChunks,
    fileExtension: "bin",
    fileName: FILE_NAME,
    fileSize: o.fileSize,
  });
  return { sessionId: String(session.sessionId), totalChunks };
}

async function viaFetch(url: string, o: ImportOptions): Promise<string> {
  const blob = await openAsBlob(o.file);
  const { sessionId, totalChunks } = await startSession(url, o);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < totalChunks; n = next++) {
      const form = new FormData();
      const start = n * o.chunkSize;
      form.append("file", new File([blob.slice(start, Math.min(start + o.chunkSize, o.fileSize))], `chunk-${n}`, { type: "application/octet-stream" }));
      form.append("chunkNumber", String(n));
      const res = await fetch(`${url}/api/public/files/session/${sessionId}`, { method: "POST", headers: { "x-api-key": API_KEY }, body: form });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`chunk ${n} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, totalChunks) }, worker));
  await post(`${url}/api/public/files/session/${sessionId}/complete`, undefined);
  return sessionId;
}

async function viaCurl(url: string, o: ImportOptions): Promise<string> {
  if (!o.chunkDir) throw new Error("the curl variant needs chunkDir");
  const { sessionId, totalChunks } = await startSession(url, o);
  const args = ["--silent", "--show-error", "--parallel", "--parallel-immediate", "--parallel-max", String(o.concurrency)];
  for (let n = 0; n < totalChunks; n++) {
    if (n > 0) args.push("--next");
    args.push(
      "--fail",
      "--output",
      "/dev/null",
      "-H",
      `x-api-key: ${API_KEY}`,
      // No "Expect: 100-continue" round trip before each body: the strongest curl baseline.
      "-H",
      "Expect:",
      "-F",
      `file=@${join(o.chunkDir, `chunk-${n}`)};filename=chunk-${n};type=application/octet-stream`,
      "-F",
      `chunkNumber=${n}`,
      `${url}/api/public/files/session/${sessionId}`,
    );
  }
  // Through sh, whose `times` reports the CPU time curl used (user and system).
  const script = 'curl "$@"; status=$?; times >&2; exit $status';
  const stderr = await new Promise<string>((resolve, reject) => {
    const curl = spawn("sh", ["-c", script, "sh", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let text = "";
    curl.stderr.setEncoding("utf8").on("data", (piece: string) => (text += piece));
    curl.on("error", reject);
    curl.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited with ${code}: ${text.trim()}`))));
  });
  const times = [...stderr.matchAll(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/g)].at(-1);
  if (times) curlCpuSeconds = Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]);
  await post(`${url}/api/public/files/session/${sessionId}/complete`, undefined);
  return sessionId;
}

let curlCpuSeconds: number | null = null;

runMain(async (): Promise<ImportResult> => {
  const o = options<ImportOptions>();
  const server = await startServer(o.latencyMs ? [`--latency-ms=${o.latencyMs}`] : []);
  try {
    const send = { client: viaClient, "client-stream": viaClientStream, "portable-stream": viaPortableStream, fetch: viaFetch, curl: viaCurl }[o.variant];
    const sinkCpu = async () => ((await (await fetch(`${server.url}/__bench/cpu`)).json()) as { seconds: number }).seconds;
    const sinkBefore = await sinkCpu();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const sessionId = await send(server.url, o);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // The sender's CPU time (user + system, all threads): for curl, curl's own.
    const cpuSeconds = o.variant === "curl" ? curlCpuSeconds : (cpu.user + cpu.system) / 1e6;
    const sinkCpuSeconds = (await sinkCpu()) - sinkBefore;
    const peak = o.variant === "curl" ? null : peakRssMiB();
    const sink = (await (await fetch(`${server.url}/__bench/session/${sessionId}`)).json()) as {
      sha256: string | null;
      bytes: number;
      duplicates: number;
      bad: string[];
      maxInFlight: number;
    };
    const problems = [...sink.bad];
    if (sink.bytes !== o.fileSize) problems.push(`the sink hashed ${sink.bytes} bytes of ${o.fileSize}`);
    if (sink.sha256 !== o.sha256) problems.push(`sink sha256 ${sink.sha256} is not the file's ${o.sha256}`);
    if (sink.maxInFlight > o.concurrency) problems.push(`${sink.maxInFlight} chunks in flight at once, more than concurrency ${o.concurrency}`);
    return {
      variant: o.variant,
      fileSize: o.fileSize,
      concurrency: o.concurrency,
      seconds,
      mibPerSecond: o.fileSize / MiB / seconds,
      cpuSeconds,
      sinkCpuSeconds,
      peakRssMiB: peak,
      hashOk: sink.sha256 === o.sha256,
      sinkSha256: sink.sha256,
      maxInFlight: sink.maxInFlight,
      problems,
    };
  } finally {
    await server.close();
  }
});
