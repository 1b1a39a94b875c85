// What the transport hands to the network and gets back: one request (no redirect followed) and
// its answer with the whole body read. The portable sender is fetch; the Node entry brings a
// node:http one, which skips fetch's Request and Response objects on every call.

export interface Outgoing {
  url: string;
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A Blob carries file bytes (a multipart body): it is streamed, never copied whole. */
  body: string | ArrayBuffer | Blob | undefined;
}

/** The part of Headers the client reads; a node:http answer provides it without building one. */
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

export type Sender = (request: Outgoing, signal: AbortSignal) => Promise<Incoming>;

export const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

export function fetchSender(send: typeof fetch): Sender {
  return async (request, signal) => {
    const response = await send(request.url, { method: request.method, headers: request.headers, body: request.body ?? null, redirect: "manual", signal });
    const empty = NULL_BODY_STATUS.has(response.status) || request.method === "HEAD";
    if (empty) await response.body?.cancel();
    return { status: response.status, statusText: response.statusText, headers: response.headers, body: empty ? null : new Uint8Array(await response.arrayBuffer()) };
  };
}
