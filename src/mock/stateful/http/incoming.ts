// What the core reads of a request. A Fetch API Request has all of it; the in-process mock's
// fetch builds a lighter one for the calls most tests make (no body, a text body, bytes or a
// Blob, headers as a plain object), since building a Request, its Headers and its body stream
// costs a call more than the mock's own work does.
import { utf8 } from "../portable/bytes.js";

/** The part of Headers the core reads; a Headers object is one. */
export interface HeaderLookup {
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface IncomingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: HeaderLookup;
  readonly body: ReadableStream<Uint8Array> | null;
  readonly bodyUsed: boolean;
  /**
   * The whole body as text, when the request was given it as text: the core reads it without
   * a stream. A Request has none.
   */
  readonly bodyText?: string | undefined;
  /**
   * The same body as `body`, piece by piece without a stream around each piece, when the
   * transport has it so (the HTTP server's socket): the multipart reader takes it instead, since
   * a stream's promises and reads for every 64 KiB of an upload are garbage the mock need not make.
   */
  readonly pieces?: AsyncIterable<Uint8Array> | undefined;
}

// The methods a Request writes in capitals whatever their case (the Fetch standard's normalisation).
const NORMALISED = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);
// A header name as the Fetch standard allows it (an HTTP token); anything else goes to Headers,
// which refuses it as a fetch would.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A header value Headers would keep as it is: bytes only, no surrounding whitespace to trim, no
// line break or NUL it would refuse.
const PLAIN_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

/**
 * The request a fetch(url, init) call makes, as a Request would read it, when its body is absent,
 * text, bytes or a Blob; undefined for any other call (a stream, a form, an odd method), which
 * takes a real Request. Bytes are read where they are, not copied as a Request copies them: the
 * mock reads a body, if at all, before its fetch resolves. `pieces`, the client's own body
 * (../in-process.ts), stands for a body of those bytes in that order.
 */
export function lightRequest(
  url: string,
  init: RequestInit | undefined,
  pieces?: () => AsyncIterable<Uint8Array>,
  /** The headers are the client sender's own record: lower-case names, values a Headers already took. */
  sent = false,
): IncomingRequest | undefined {
  const given = pieces ? null : (init?.body ?? null);
  const text = typeof given === "string" ? given : undefined;
  const bytes = given instanceof Uint8Array ? given : given instanceof ArrayBuffer ? new Uint8Array(given) : undefined;
  const blob = typeof Blob !== "undefined" && given instanceof Blob ? given : undefined;
  if (given !== null && text === undefined && bytes === undefined && blob === undefined) return undefined;
  const asked = init?.method ?? "GET";
  const method = NORMALISED.has(asked.toUpperCase()) ? asked.toUpperCase() : asked;
  if (method !== "PATCH" && !NORMALISED.has(method)) return undefined;
  if ((given !== null || pieces) && (method === "GET" || method === "HEAD")) return undefined;
  const headers = sent ? new SentHeaders(init?.headers as Record<string, string>) : lightHeaders(init?.headers);
  // As a Request does for a body sent with no type of its own: text says so, a Blob gives its own.
  if (text !== undefined && !headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  if (blob?.type && !headers.has("content-type")) headers.set("content-type", blob.type);
  // At most one of pieces, blob, bytes and text is there; none is a request without a body.
  return new LightRequest(method, url, headers, text, pieces ?? blob ?? bytes);
}

/** A request whose body stream is made only if the core asks for it (most requests have no body, or text). */
class LightRequest implements IncomingRequest {
  readonly bodyUsed = false;
  #body: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: HeaderLookup,
    readonly bodyText: string | undefined,
    private readonly source: (() => AsyncIterable<Uint8Array>) | Blob | Uint8Array | undefined,
  ) {}

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      const { source, bodyText } = this;
      this.#body =
        typeof source === "function"
          ? streamOf(source())
          : source instanceof Uint8Array
            ? onePiece(source)
            : source
              ? source.stream()
              : bodyText !== undefined
                ? onePiece(utf8(bodyText))
                : null;
    }
    return this.#body;
  }
}

/** A stream of `bytes` as one piece. */
function onePiece(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** A stream of the pieces, each read when asked for. */
function streamOf(pieces: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream(
    {
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else if (value.length > 0) controller.enqueue(value);
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Headers as a fetch would read them from `init`: a plain object of plain names and values into a Map, anything else through Headers. */
function lightHeaders(init: HeadersInit | undefined): HeaderLookup & { set(name: string, value: string): void } {
  if (init !== undefined && init !== null && Object.getPrototypeOf(init) === Object.prototype) {
    const record = init as Record<string, unknown>;
    const map = new Map<string, string>();
    let plain = true;
    for (const name in record) {
      const value = record[name];
      const lower = name.toLowerCase();
      if (typeof value !== "string" || !TOKEN.test(name) || !PLAIN_VALUE.test(value) || map.has(lower)) {
        plain = false;
        break;
      }
      map.set(lower, value);
    }
    if (plain) return mapHeaders(map);
  }
  return new Headers(init);
}

/**
 * The client sender's headers read where they are: their names and values passed a Headers on the
 * client's side already, so they are neither checked nor copied again, unless one is set here.
 */
class SentHeaders implements HeaderLookup {
  #own: Map<string, string> | undefined;

  constructor(private readonly record: Record<string, string>) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    return (this.#own ? this.#own.get(key) : ownValue(this.record, key)) ?? null;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** Copies the record before the first change: it is the client's, kept for a retry. */
  set(name: string, value: string): void {
    this.#own ??= new Map(Object.entries(this.record));
    this.#own.set(name.toLowerCase(), value);
  }
}

/** A record's own value for `key`, never one its prototype has ("constructor"). */
const ownValue = (record: Record<string, string>, key: string): string | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** Headers read from a Map whose names are in lower case, as a Headers keeps them. */
export function mapHeaders(map: Map<string, string>): HeaderLookup & { set(name: string, value: string): void } {
  return {
    get: (name) => map.get(name.toLowerCase()) ?? null,
    has: (name) => map.has(name.toLowerCase()),
    set: (name, value) => void map.set(name.toLowerCase(), value),
  };
}
