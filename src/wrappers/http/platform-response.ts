// The Response handed back to openapi-fetch: the answer the transport already read whole, with
// the few members openapi-fetch and middleware use, at a fraction of the cost of Node's Response.
// A 2xx body that is not JSON becomes an UnexpectedResponseError here, quoting it redacted.
import { UnexpectedResponseError } from "../errors.js";
import type { HeaderReader, Incoming } from "./sender.js";

const decoder = new TextDecoder();

/** Headers as openapi-fetch reads them: content-length is always the length of the body in hand. */
class AnswerHeaders implements HeaderReader {
  constructor(
    private readonly source: HeaderReader,
    private readonly length: number,
  ) {}
  get(name: string): string | null {
    const key = name.toLowerCase();
    // The body is already read whole, so its length is known even when it came chunked; saying
    // so makes openapi-fetch parse through json() below, whose failure is ours to describe.
    if (key === "content-length") return String(this.length);
    if (key === "transfer-encoding") return null;
    return this.source.get(key);
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  forEach(callback: (value: string, name: string) => void): void {
    this.source.forEach(callback);
  }
}

export class PlatformResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: AnswerHeaders;
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  readonly #bytes: Uint8Array;

  constructor(
    answer: Incoming,
    readonly url: string,
    /** The spec operation this answers, for the typed error a wrapper throws. */
    readonly operationId: string,
    private readonly redact: (text: string) => string,
  ) {
    this.status = answer.status;
    this.statusText = answer.statusText;
    this.ok = answer.status >= 200 && answer.status < 300;
    this.#bytes = answer.body ?? new Uint8Array(0);
    this.headers = new AnswerHeaders(answer.headers, this.#bytes.byteLength);
  }

  get bodyUsed(): boolean {
    return false;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#bytes.byteLength === 0) return null;
    const bytes = this.#bytes;
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }

  async text(): Promise<string> {
    return decoder.decode(this.#bytes);
  }

  async json(): Promise<unknown> {
    const text = decoder.decode(this.#bytes);
    try {
      return JSON.parse(text);
    } catch {
      if (!this.ok) throw new SyntaxError(`${this.operationId} answered ${this.status} with a body that is not JSON`);
      throw new UnexpectedResponseError(`${this.operationId} answered ${this.status} with a body that is not JSON`, this.redact(text.slice(0, 200)));
    }
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.#bytes.slice();
  }

  async blob(): Promise<Blob> {
    return new Blob([this.#bytes.slice()], { type: this.headers.get("content-type") ?? "" });
  }

  clone(): PlatformResponse {
    return new PlatformResponse({ status: this.status, statusText: this.statusText, headers: this.headers, body: this.#bytes }, this.url, this.operationId, this.redact);
  }
}
