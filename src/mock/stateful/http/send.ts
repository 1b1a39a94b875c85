// Writing an answer as a Fetch API Response: JSON with its length, or the same bytes dripped over
// a given time when a "slow body" fault is on, so a client's body timeout can be exercised. The
// HTTP server writes these Responses to its socket; the in-process mock hands them over as they are.
import type { HeaderReader, Incoming, TextIncoming } from "../../../wrappers/http/sender.js";
import { utf8Length } from "../../../wrappers/http/utf8-length.js";
import { utf8 } from "../portable/bytes.js";

export interface Outgoing {
  status: number;
  headers?: Record<string, string> | undefined;
  bytes: Uint8Array;
  /** The body as the text it was written as (JSON), when it was: `bytes` are its UTF-8. */
  readonly text?: string | undefined;
}

/** A JSON answer; its bytes are encoded when first read (a direct exchange hands over the text). */
export function toOutgoing(status: number, body: unknown, headers: Record<string, string> = {}): Outgoing {
  return new JsonOutgoing(status, { "content-type": "application/json", ...headers }, JSON.stringify(body));
}

class JsonOutgoing implements Outgoing {
  #bytes: Uint8Array | undefined;

  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly text: string,
  ) {}

  get bytes(): Uint8Array {
    this.#bytes ??= utf8(this.text);
    return this.#bytes;
  }
}

const DRIP_PIECES = 20;
// Statuses whose answers carry no body, and so no length either.
const NO_BODY = new Set([101, 204, 205, 304]);

/** An answer as the core gives it: the Outgoing, the headers it gains on the way (CORS), and a slow fault's drip. */
export interface Reply {
  outgoing: Outgoing;
  extraHeaders?: Record<string, string> | undefined;
  dripMs?: number | undefined;
}

export function toResponse({ outgoing, extraHeaders = {}, dripMs = 0 }: Reply): Response {
  const { status, bytes } = outgoing;
  if (NO_BODY.has(status)) return new Response(null, { status, headers: { ...extraHeaders, ...outgoing.headers } });
  const headers = { ...extraHeaders, ...outgoing.headers, "content-length": String(bytes.length) };
  if (dripMs <= 0 || bytes.length === 0) return new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers });
  const response = new Response(drip(bytes, dripMs), { status, headers });
  DRIPPED.add(response);
  return response;
}

/**
 * The answer as the client's sender reads a Response (../../../wrappers/http/sender.ts): the same
 * status, headers (lower-case names) and bytes, without building one. Not for a dripped answer.
 * With `asText`, a JSON answer's body stays the text it was written as.
 */
export function toIncoming(reply: Reply, method: string, asText: true): Incoming | TextIncoming;
export function toIncoming(reply: Reply, method: string): Incoming;
export function toIncoming({ outgoing, extraHeaders }: Reply, method: string, asText = false): Incoming | TextIncoming {
  const { status } = outgoing;
  const text = asText ? outgoing.text : undefined;
  const headers: Record<string, string> = {};
  if (extraHeaders) addLowerCase(headers, extraHeaders);
  if (outgoing.headers) addLowerCase(headers, outgoing.headers);
  const empty = NO_BODY.has(status) || method === "HEAD";
  const hasLength = !NO_BODY.has(status);
  if (text === undefined) {
    if (hasLength) headers["content-length"] = String(outgoing.bytes.length);
    return { status, statusText: "", headers: new RecordHeaders(headers), body: empty ? null : outgoing.bytes };
  }
  const reader = new RecordHeaders(headers, hasLength ? text : undefined);
  return empty ? { status, statusText: "", headers: reader, body: null } : { status, statusText: "", headers: reader, body: text };
}

function addLowerCase(into: Record<string, string>, from: Record<string, string>): void {
  for (const name in from) {
    const value = from[name];
    if (value !== undefined) into[name.toLowerCase()] = value;
  }
}

/** Headers from a record of lower-case names; content-length counted from `text` when first read. */
class RecordHeaders implements HeaderReader {
  constructor(
    private readonly headers: Record<string, string>,
    private text?: string,
  ) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    // Counted only when asked for: the transport reads other headers (a request id) on every call.
    if (key === "content-length") this.countLength();
    return Object.hasOwn(this.headers, key) ? (this.headers[key] ?? null) : null;
  }

  // In a Headers' order: sorted by name.
  forEach(callback: (value: string, name: string) => void): void {
    this.countLength();
    for (const [name, value] of Object.entries(this.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) callback(value, name);
  }

  private countLength(): void {
    if (this.text === undefined) return;
    this.headers["content-length"] = String(utf8Length(this.text));
    this.text = undefined;
  }
}

/** Answers whose body arrives over time (a slow fault): the only ones a caller's abort can still cut short. */
const DRIPPED = new WeakSet<Response>();
export const isDripped = (response: Response): boolean => DRIPPED.has(response);

/**
 * The bytes in pieces spread evenly over `dripMs` (timers never fire early, so the body takes at
 * least dripMs); a reader that gives up (cancels) stops the timer.
 */
function drip(bytes: Uint8Array, dripMs: number): ReadableStream<Uint8Array> {
  const pieces = Math.min(DRIP_PIECES, bytes.length);
  const pieceSize = Math.ceil(bytes.length / pieces);
  const everyMs = Math.max(1, Math.ceil(dripMs / Math.ceil(bytes.length / pieceSize)));
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let offset = 0;
      timer = setInterval(() => {
        const piece = bytes.slice(offset, offset + pieceSize);
        offset += piece.length;
        controller.enqueue(piece);
        if (offset >= bytes.length) {
          clearInterval(timer);
          controller.close();
        }
      }, everyMs);
    },
    cancel() {
      clearInterval(timer);
    },
  });
}
