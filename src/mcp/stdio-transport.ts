// The stdio transport `platform mcp` serves on: the SDK's, but for what it does with a line it
// cannot take. The SDK's transport closes itself on a message over its 10 MiB buffer (the
// process then ended with exit 13 and nothing said) and answers a line that is not JSON-RPC with
// nothing. Here such a line is answered with a JSON-RPC error (id null, as the spec says for a
// request whose id cannot be read), said once on stderr, and the server goes on serving.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The most one message may weigh, as the SDK's own transport allows. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Past the limit: the rest of the line is dropped, up to its newline. */
  #skipping = false;
  #closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly say: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  readonly #onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.#take(chunk.subarray(start, newline));
      this.#endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  };

  readonly #onEnd = () => void this.close();
  readonly #onError = (error: Error) => this.onerror?.(error);

  #take(piece: Buffer): void {
    if (this.#skipping || piece.length === 0) return;
    if (this.#pendingBytes + piece.length > this.maxBytes) {
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = true;
      return;
    }
    this.#pending.push(piece);
    this.#pendingBytes += piece.length;
  }

  #endLine(): void {
    if (this.#skipping) {
      this.#skipping = false;
      this.#refuse(INVALID_REQUEST, `message refused: over ${this.maxBytes} bytes`, null);
      return;
    }
    const line = Buffer.concat(this.#pending).toString("utf8").replace(/\r$/, "");
    this.#pending = [];
    this.#pendingBytes = 0;
    if (line.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.#refuse(PARSE_ERROR, "parse error: the line is not JSON", null);
      return;
    }
    const checked = JSONRPCMessageSchema.safeParse(parsed);
    if (!checked.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      this.#refuse(INVALID_REQUEST, "invalid request: the message is not JSON-RPC 2.0", typeof id === "string" || typeof id === "number" ? id : null);
      return;
    }
    this.onmessage?.(checked.data);
  }

  #refuse(code: number, message: string, id: string | number | null): void {
    this.say(`platform mcp: ${message}; the server goes on`);
    this.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }

  async start(): Promise<void> {
    this.stdin.on("data", this.#onData);
    this.stdin.on("error", this.#onError);
    this.stdin.on("end", this.#onEnd);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off("data", this.#onData);
    this.stdin.off("error", this.#onError);
    this.stdin.off("end", this.#onEnd);
    this.stdin.pause?.();
    this.#pending = [];
    this.onclose?.();
  }
}
