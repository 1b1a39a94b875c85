// A fetch that answers from a handler and records every Request it was given, so tests assert
// on what would have gone over the wire, with no global interception and no shared state.
export interface Sent {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type Handler = (request: Request, sent: Sent, index: number) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, ...init, headers: { "content-type": "application/json", ...(init.headers as object) } });
}

export function fakeFetch(handler: Handler = () => json({})) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const record: Sent = {
      method: request.method,
      url: request.url,
      path: new URL(request.url).pathname,
      headers: Object.fromEntries(request.headers),
      body: request.body ? await request.clone().text() : "",
    };
    sent.push(record);
    return handler(request, record, sent.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}
