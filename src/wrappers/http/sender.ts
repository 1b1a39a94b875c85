// What the transport hands to the network and gets back: one attempt (no redirect followed) and
// its answer with the whole body read. The portable sender is fetch; the Node entry brings one
// over undici (src/node/), which skips fetch's Request and Response objects on every call.
import { untilAborted } from "../../kernel/abort.js";
import { AttemptSignal, type AttemptControl, type CancelSignal } from "./attempt-signal.js";

// The signal types live with the light signal (./attempt-signal.ts), which must not import this module.
export type { AttemptControl, CancelSignal };

/** A body that can be streamed again for a retry, piece by piece, never held whole. */
export interface BodySource {
  /** Exact byte length, sent as content-length. */
  readonly size: number;
  /**
   * Each call streams the whole body from the start; no work is done before the first read.
   * Without `reader`, every piece is the reader's to keep.
   */
  open(reader?: ReaderPromise): AsyncIterable<Uint8Array>;
}

/**
 * What a reader that does not keep pieces promises, so a source may reuse a piece's memory
 * instead of allocating every piece afresh (for a file, allocation and the garbage collection it
 * causes cost more CPU than reading the file: see bench/import.ts, sender CPU per GiB).
 */
export interface ReaderPromise {
  /**
   * Whenever the reader asks for a piece, it still holds at most this many of the last bytes it
   * was given (e.g. bytes queued on a socket); the memory of anything before them may be reused.
   */
  readonly heldBytes: number;
}

export interface Outgoing {
  url: string;
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | Uint8Array | Blob | BodySource | undefined;
}

/** The part of Headers the client reads; a Node answer provides it without building one. */
export interface HeaderReader {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

export interface Incoming {
  status: number;
  statusText: string;
  headers: HeaderReader;
  /** The whole body; null for a status that has none. */
  body: Uint8Array | null;
}

/**
 * An answer whose body is text standing for its UTF-8 bytes: a direct exchange hands over the
 * JSON it wrote as it wrote it, so neither side encodes or decodes it.
 */
export interface TextIncoming extends Omit<Incoming, "body"> {
  body: string;
}

/** An answer as a sender hands it to the transport. */
export type Received = Incoming | TextIncoming;

/**
 * Sends one attempt and reads its whole answer. The answer's body may hold at most `maxBytes`
 * (no limit when left out): past that the sender stops reading and rejects with BodyTooLarge,
 * so memory stays flat.
 */
export type Sender<S extends CancelSignal = AbortSignal> = (request: Outgoing, signal: S, maxBytes?: number) => Promise<Received>;

/** A sender's refusal of an answer larger than its limit; the transport names the operation. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer's body is larger than ${limit} bytes`);
  }
}

/** The content-length an answer declares, when it declares one more than `limit`. */
export function declaredOver(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength != null && Number(contentLength) > limit;
}

/**
 * A sender with the kind of signal it takes. fetch needs AbortSignals; a sender that takes a
 * cheaper kind brings its own (./attempt-signal.ts: the Node entry's, and a direct exchange's).
 */
export interface SenderWiring<S extends CancelSignal = CancelSignal> {
  send: Sender<S>;
  newAttempt(): AttemptControl<S>;
}

export const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

export function isBodySource(value: unknown): value is BodySource {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof Blob) &&
    typeof (value as BodySource).open === "function" &&
    typeof (value as BodySource).size === "number"
  );
}

/** What fetch can send for a body: a BodySource becomes a Blob when it has one, else its bytes. */
async function fetchBody(body: Outgoing["body"]): Promise<BodyInit | null> {
  if (body === undefined) return null;
  if (!isBodySource(body)) return body as BodyInit;
  const asBlob = (body as { toBlob?: () => Blob | undefined }).toBlob?.();
  if (asBlob) return asBlob;
  // Bytes rather than a streamed body: browsers stream request bodies only over HTTP/2, and a
  // body of one chunk is bounded (the chunk scheduler holds `concurrency` chunks at most).
  const bytes = new Uint8Array(body.size);
  let offset = 0;
  for await (const piece of body.open()) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}

// A fetch that can answer the client without the Fetch API's objects. The in-process stateful
// mock's fetch carries one: the client's own calls through it skip the Request, the Response and
// the body stream of each call (most of a call's cost there), while any other caller of that
// fetch gets Responses as before. Symbol.for, so a mock and a client loaded from two copies of
// the package still find each other.
export const DIRECT_EXCHANGE: unique symbol = Symbol.for("@platform/management-client/direct-exchange");

/**
 * The same exchange, allowed to answer with a text body (TextIncoming). A separate key, so that a
 * client from an older copy of the package, which reads bytes only, still finds DIRECT_EXCHANGE
 * answering bytes; this client takes the text one when the fetch has it.
 */
export const DIRECT_TEXT_EXCHANGE: unique symbol = Symbol.for("@platform/management-client/direct-exchange/text");

/** What a direct exchange may do with its attempt's signal: an AbortSignal has all of it. */
export interface DirectSignal extends CancelSignal {
  throwIfAborted(): void;
}

/**
 * Answers `request` at once, or asks for it to be read as a fetch's Response after all (an answer
 * whose body arrives over time, which the attempt's signal must be able to cut short). Returns
 * undefined for a request it does not take (a streamed body): the client then calls the fetch.
 * Rejects as the fetch would: with the signal's reason once it has fired, a TypeError for a
 * dropped connection, BodyTooLarge past `maxBytes`.
 */
export type DirectExchange = (request: Outgoing, signal: DirectSignal, maxBytes: number) => Promise<Received | { response: Response }> | undefined;

/** The direct exchange `fetch` carries, if any: the one that may answer text first. */
export function directExchangeOf(fetch: typeof globalThis.fetch): DirectExchange | undefined {
  const carried = fetch as { [DIRECT_TEXT_EXCHANGE]?: unknown; [DIRECT_EXCHANGE]?: unknown };
  const direct = typeof carried[DIRECT_TEXT_EXCHANGE] === "function" ? carried[DIRECT_TEXT_EXCHANGE] : carried[DIRECT_EXCHANGE];
  return typeof direct === "function" ? (direct as DirectExchange) : undefined;
}

export function fetchSender(send: typeof fetch): SenderWiring {
  const direct = directExchangeOf(send);
  // Through a direct exchange an attempt needs no AbortSignal, whose making alone cost about a
  // fifth of an in-process call: it gets the light signal, and only an answer read as a fetch's
  // Response gets a real one, tied to it.
  return { send: fetchSend(send, direct), newAttempt: direct ? () => new AttemptSignal() : () => new AbortController() };
}

function fetchSend(send: typeof fetch, direct: DirectExchange | undefined): Sender<CancelSignal> {
  const viaFetch = fetchSendOnly(send);
  if (!direct) return viaFetch;
  // Not an async function: a direct answer passes through without a frame of its own, which
  // showed in an in-process call's allocations.
  return (request, signal, maxBytes = Number.POSITIVE_INFINITY) => {
    // With a direct exchange the attempt's signal is an AttemptSignal (fetchSender), a DirectSignal.
    const answered = direct(request, signal as DirectSignal, maxBytes);
    if (!answered) return viaFetch(request, signal, maxBytes);
    return answered.then((got) => ("response" in got ? viaFetch(request, signal, maxBytes, got.response) : got));
  };
}

/** Sends through fetch, or reads `given`, a Response a direct exchange handed over instead. */
function fetchSendOnly(send: typeof fetch) {
  return async (request: Outgoing, signal: CancelSignal, maxBytes = Number.POSITIVE_INFINITY, given?: Response): Promise<Incoming> => {
    const real = abortSignalOf(signal);
    try {
      const response =
        given ??
        (await send(request.url, {
          method: request.method,
          headers: request.headers,
          body: await fetchBody(request.body),
          redirect: "manual",
          signal: real.signal,
        }));
      const empty = NULL_BODY_STATUS.has(response.status) || request.method === "HEAD";
      if (empty) await response.body?.cancel();
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: empty ? null : await readBody(response, real.signal, maxBytes),
      };
    } finally {
      real.dispose();
    }
  };
}

/** `signal` as an AbortSignal, for a fetch and the reading of its Response: itself when it is one. */
function abortSignalOf(signal: CancelSignal): { signal: AbortSignal; dispose(): void } {
  if (signal instanceof AbortSignal) return { signal, dispose: () => {} };
  const controller = new AbortController();
  if (signal.aborted) {
    controller.abort(signal.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const forward = () => controller.abort(signal.reason);
  signal.addEventListener("abort", forward, { once: true });
  return { signal: controller.signal, dispose: () => signal.removeEventListener("abort", forward) };
}

/**
 * The whole body, read piece by piece against the attempt's signal: a read that ignores the
 * signal (a stalled decoder, a caller's fetch) still ends when the attempt's deadline passes,
 * and a body past `maxBytes` is cancelled as soon as it gets there.
 */
async function readBody(response: Response, signal: AbortSignal, maxBytes: number): Promise<Uint8Array> {
  if (declaredOver(response.headers.get("content-length"), maxBytes)) {
    void response.body?.cancel().catch(() => {});
    throw new BodyTooLarge(maxBytes);
  }
  if (!response.body) return new Uint8Array(await untilAborted(response.arrayBuffer(), signal));
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await untilAborted(reader.read(), signal);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
      pieces.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  }
  const [only] = pieces;
  if (pieces.length === 1 && only !== undefined) return only;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    body.set(piece, offset);
    offset += piece.byteLength;
  }
  return body;
}
