// The Response handed back to openapi-fetch: the answer the transport already read whole, with
// the few members openapi-fetch and middleware use, at a fraction of the cost of Node's Response.
// Everything in it that came from the network (body and header values) passes the client's
// redactor first: a service or proxy that echoes a credential cannot put it into a job record,
// an error, a cursor or a log line. A 2xx body that is not JSON becomes an UnexpectedResponseError.
import { UnexpectedResponseError } from "../../kernel/errors.js";
import type { HeaderReader, Received } from "./sender.js";
import { utf8Length } from "./utf8-length.js";

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/** Headers as openapi-fetch reads them, redacted; content-length is the length of the body in hand. */
class AnswerHeaders implements HeaderReader {
  constructor(
    private readonly source: HeaderReader,
    private readonly length: () => number,
    private readonly redact: (text: string) => string,
  ) {}
  get(name: string): string | null {
    const key = name.toLowerCase();
    // The body is already read whole, so its length is known even when it came chunked; saying
    // so makes openapi-fetch parse through json() below, whose failure is ours to describe.
    if (key === "content-length") return String(this.length());
    if (key === "transfer-encoding") return null;
    const value = this.source.get(key);
    return value === null ? null : this.redact(value);
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  forEach(callback: (value: string, name: string) => void): void {
    this.source.forEach((value, name) => {
      callback(this.redact(value), name);
    });
  }
}

export class PlatformResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: AnswerHeaders;
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  readonly #received: Uint8Array | string;
  #view: { text: string; bytes: Uint8Array | undefined } | undefined;

  constructor(
    private readonly answer: Received,
    readonly url: string,
    /** The spec operation this answers, for the typed error a wrapper throws. */
    readonly operationId: string,
    private readonly redact: (text: string) => string,
  ) {
    this.status = answer.status;
    this.statusText = answer.statusText;
    this.ok = answer.status >= 200 && answer.status < 300;
    this.#received = answer.body ?? EMPTY;
    this.headers = new AnswerHeaders(answer.headers, () => this.#length, redact);
  }

  // The body as the client lets it out: decoded once, masked, and re-encoded only if a secret
  // was in it (so the bytes of an ordinary answer are the bytes received). An answer that came
  // as text is encoded only if someone asks for its bytes.
  get #masked(): { text: string; bytes: Uint8Array | undefined } {
    if (this.#view) return this.#view;
    const received = this.#received;
    const text = typeof received === "string" ? received : decoder.decode(received);
    const masked = this.redact(text);
    this.#view = { text: masked, bytes: masked === text && typeof received !== "string" ? received : undefined };
    return this.#view;
  }

  get #bytes(): Uint8Array {
    const view = this.#masked;
    view.bytes ??= encoder.encode(view.text);
    return view.bytes;
  }

  get #length(): number {
    const view = this.#masked;
    return view.bytes ? view.bytes.byteLength : utf8Length(view.text);
  }

  get bodyUsed(): boolean {
    return false;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#length === 0) return null;
    const bytes = this.#bytes;
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }

  async text(): Promise<string> {
    return this.#masked.text;
  }

  /** The body as text(), at once: for the client's own check of answers, which needs no promise. */
  textNow(): string {
    return this.#masked.text;
  }

  async json(): Promise<unknown> {
    const { text } = this.#masked;
    try {
      return JSON.parse(text);
    } catch {
      if (!this.ok) throw new SyntaxError(`${this.operationId} answered ${this.status} with a body that is not JSON`);
      throw new UnexpectedResponseError(`${this.operationId} answered ${this.status} with a body that is not JSON`, text.slice(0, 200));
    }
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([this.#bytes.slice()], { type: this.headers.get("content-type") ?? "" });
  }

  clone(): PlatformResponse {
    return new PlatformResponse(this.answer, this.url, this.operationId, this.redact);
  }
}
