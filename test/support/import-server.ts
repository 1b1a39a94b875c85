// A local node:http stand-in for the import flow (start, numbered chunks, complete, dock status)
// that keeps every chunk it receives, so a test can compare the reassembled bytes with the file.
// `fault` lets a test fail a given request: a status, a dropped connection, or a delay.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export type Fault = { status: number; headers?: Record<string, string> } | { reset: true } | { delayMs: number } | undefined;

export interface ImportServerOptions {
  /** Called for each chunk request, before it is read; what it returns is done to that request. */
  fault?: (chunkNumber: number | undefined, attempt: number) => Fault;
  expiresInMs?: number;
  /** Status the dock-status poll reports, by poll number (1-based). */
  jobStatus?: (poll: number) => string;
}

export interface ImportServer {
  url: string;
  chunks: Map<number, Buffer>;
  receipts: number[];
  inFlight: { now: number; max: number };
  started: Array<Record<string, unknown>>;
  completed: number;
  sha256(): string;
  close(): Promise<void>;
}

const SESSION = "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c";

export async function startImportServer(options: ImportServerOptions = {}): Promise<ImportServer> {
  const chunks = new Map<number, Buffer>();
  const receipts: number[] = [];
  const attempts = new Map<number, number>();
  const inFlight = { now: 0, max: 0 };
  const started: Array<Record<string, unknown>> = [];
  let completed = 0;
  let polls = 0;
  let requests = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url!, "http://x").pathname;
    if (req.method === "POST" && path === "/api/public/files/session/start") {
      const body = JSON.parse(await text(req));
      started.push(body);
      return send(res, 200, { sessionId: SESSION, expirationDate: new Date(Date.now() + (options.expiresInMs ?? 3_600_000)).toISOString(), modelId: "cm-imported" });
    }
    if (req.method === "POST" && path === `/api/public/files/session/${SESSION}`) {
      // The chunk number is only known after parsing; the fault hook sees the request count.
      const attempt = ++requests;
      const fault = options.fault?.(undefined, attempt);
      if (fault && "reset" in fault) return req.socket.destroy();
      inFlight.now++;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      try {
        if (fault && "delayMs" in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
        const form = await new Request("http://x", {
          method: "POST",
          headers: req.headers as HeadersInit,
          body: Readable.toWeb(req) as ReadableStream,
          duplex: "half",
        } as RequestInit).formData();
        const number = Number(form.get("chunkNumber"));
        attempts.set(number, (attempts.get(number) ?? 0) + 1);
        if (fault && "status" in fault) return send(res, fault.status, { message: "injected" });
        chunks.set(number, Buffer.from(await (form.get("file") as Blob).arrayBuffer()));
        receipts.push(number);
        return send(res, 200, { chunkNumber: number, sessionId: SESSION });
      } finally {
        inFlight.now--;
      }
    }
    if (req.method === "POST" && path === `/api/public/files/session/${SESSION}/complete`) {
      completed++;
      const context = started.at(-1)?.fileContext;
      if (context === "bulkImport") return send(res, 200, { url: "https://files.invalid/f", fileId: "file-from-session" });
      return send(res, 200, { "dock-statusId": "ds-import", modelId: "cm-imported", jobType: "MODELS", action: "EXPORT", status: "IN_PROGRESS" });
    }
    if (req.method === "GET" && path === "/api/public/dock-status/ds-import") {
      polls++;
      return send(res, 200, { _id: "ds-import", modelId: "cm-imported", jobType: "MODELS", action: "IMPORT", status: options.jobStatus?.(polls) ?? "SUCCESS" });
    }
    if (req.method === "POST" && path === "/api/public/files") {
      const form = await new Request("http://x", {
        method: "POST",
        headers: req.headers as HeadersInit,
        body: Readable.toWeb(req) as ReadableStream,
        duplex: "half",
      } as RequestInit).formData();
      const file = form.get("file") as Blob;
      chunks.set(0, Buffer.from(await file.arrayBuffer()));
      return send(res, 200, { url: "https://files.invalid/single", fileId: "file-single" });
    }
    send(res, 404, { message: `no route ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chunks,
    receipts,
    inFlight,
    started,
    get completed() {
      return completed;
    },
    sha256() {
      const hash = createHash("sha256");
      for (const n of [...chunks.keys()].sort((a, b) => a - b)) hash.update(chunks.get(n)!);
      return hash.digest("hex");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function text(req: IncomingMessage): Promise<string> {
  let out = "";
  for await (const piece of req) out += piece;
  return out;
}
