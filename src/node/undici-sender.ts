// The Node entry's sender over undici's dispatch API, the layer under undici.request: no Request,
// Headers or Response objects, and no body stream per call either; the answer's pieces are kept
// as they arrive and joined once. Bodies that are files (a BodySource, a Blob) go to the socket
// piece by piece with backpressure and an exact content-length, so a chunk is never held whole.
import type { Dispatcher } from "undici";

import { BodyTooLarge, declaredOver, NULL_BODY_STATUS, type CancelSignal, type HeaderReader, type Incoming, type Outgoing } from "../wrappers/http/sender.js";
import { isBodySource, type BodySource, type ReaderPromise } from "./body-source.js";
import { bodyBytesHeld, createDispatcher } from "./dispatcher.js";

/** What the transport hands over, with the bodies this sender streams. */
export interface StreamingOutgoing extends Omit<Outgoing, "body"> {
  body: string | Uint8Array | ArrayBuffer | Blob | BodySource | undefined;
}

export type StreamingSender = (request: StreamingOutgoing, signal: CancelSignal, maxBytes?: number) => Promise<Incoming>;

/** A Sender over `dispatcher`; by default one built from the environment (see createDispatcher). */
export function undiciSender(dispatcher: Dispatcher = createDispatcher()): StreamingSender {
  // Over a dispatcher made here a file source may read into the same few buffers again and
  // again (an upload's CPU went from about 1.5 to 0.9 s/GiB); over a caller's, every piece is fresh.
  const held = bodyBytesHeld(dispatcher);
  const reader: ReaderPromise | undefined = held === undefined ? undefined : { heldBytes: held };
  return (outgoing, signal, maxBytes = Number.POSITIVE_INFINITY) => {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Incoming>((resolve, reject) => {
      const exchange = new Exchange(outgoing.method === "HEAD", signal, maxBytes, resolve, reject);
      signal.addEventListener("abort", exchange.onAbort, { once: true });
      try {
        dispatcher.dispatch(dispatchOptions(outgoing, reader), exchange);
      } catch (error) {
        // A dispatcher refuses some options synchronously (a closed pool, an invalid header).
        exchange.fail(error);
      }
    });
  };
}

function dispatchOptions(outgoing: StreamingOutgoing, reader: ReaderPromise | undefined): Dispatcher.DispatchOptions {
  // A copy, always: undici's ProxyAgent writes a `host` header into the object it is given,
  // and the transport reuses its Outgoing for a redirect to another host.
  const headers: Record<string, string> = { ...outgoing.headers };
  let body = outgoing.body;
  if (isBodySource(body)) {
    headers["content-length"] = String(body.size);
    body = lazyIterable(body, reader) as unknown as BodySource;
  }
  // As undici.request splits its URL argument.
  const url = new URL(outgoing.url);
  return {
    origin: url.origin,
    path: url.search ? `${url.pathname}${url.search}` : url.pathname,
    method: outgoing.method as Dispatcher.HttpMethod,
    headers,
    // undici streams an async iterable or a Blob with backpressure; with a content-length it
    // refuses a body that yields more or fewer bytes (UND_ERR_REQ_CONTENT_LENGTH_MISMATCH).
    body: (body ?? null) as NonNullable<Dispatcher.DispatchOptions["body"]> | null,
    // A caller's dispatcher composed with undici's redirect interceptor would otherwise follow
    // redirects the transport must see (it strips credentials across hosts).
    ...({ maxRedirections: 0 } as object),
  };
}

/**
 * One request's handler: the answer's status, headers and pieces, settled once. An abort answers
 * the caller at once, even while the request still waits for a connection (a TLS handshake, a
 * proxy's CONNECT), and undici drops the request as soon as it has one.
 */
class Exchange implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #status = 0;
  #statusText = "";
  #headers: Record<string, string | string[] | undefined> = {};
  #pieces: Buffer[] = [];
  #bytes = 0;

  constructor(
    private readonly head: boolean,
    private readonly signal: CancelSignal,
    private readonly maxBytes: number,
    private readonly resolve: (answer: Incoming) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  readonly onAbort = (): void => {
    const reason = this.signal.reason;
    this.fail(reason);
    this.#controller?.abort(reason as Error);
  };

  fail(error: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.signal.removeEventListener("abort", this.onAbort);
    this.reject(error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#settled) controller.abort((this.signal.reason as Error) ?? new Error("aborted"));
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    statusMessage?: string,
  ): void {
    // An informational 1xx start is followed by the answer's own, which replaces it.
    this.#status = statusCode;
    this.#statusText = statusMessage ?? "";
    this.#headers = headers;
    this.#pieces = [];
    this.#bytes = 0;
    const length = headers["content-length"];
    if (declaredOver(Array.isArray(length) ? length[0] : length, this.maxBytes)) this.#tooLarge(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#bytes += chunk.byteLength;
    if (this.#bytes > this.maxBytes) {
      this.#tooLarge(controller);
      return;
    }
    this.#pieces.push(chunk);
  }

  // Past the limit nothing more is kept or read: the request is aborted and its memory let go.
  #tooLarge(controller: Dispatcher.DispatchController): void {
    const error = new BodyTooLarge(this.maxBytes);
    this.#pieces = [];
    this.fail(error);
    controller.abort(error);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.signal.removeEventListener("abort", this.onAbort);
    const status = this.#status;
    const pieces = this.#pieces;
    const empty = NULL_BODY_STATUS.has(status) || this.head;
    const [only] = pieces;
    const body = empty ? null : pieces.length === 1 && only !== undefined ? only : Buffer.concat(pieces);
    this.resolve({ status, statusText: this.#statusText, headers: headerReader(this.#headers), body });
  }

  // A body cut short (a reset, a length mismatch) ends here with undici's coded error.
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }
}

/** Calls `open()` only when undici starts the upload, so a request that never connects opens nothing. */
function lazyIterable(source: BodySource, reader: ReaderPromise | undefined): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => (reader ? source.open(reader) : source.open())[Symbol.asyncIterator]() };
}

function headerReader(headers: Record<string, string | string[] | undefined>): HeaderReader {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    forEach(callback) {
      for (const name in headers) {
        const value = headers[name];
        if (value !== undefined) callback(Array.isArray(value) ? value.join(", ") : value, name);
      }
    },
  };
}
