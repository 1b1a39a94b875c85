// The Request class openapi-fetch builds each call with (its `Request` option). Node's own
// Request would turn a body into a one-shot stream and cost more than a small round trip; this
// one keeps the body as given, so the transport can send it again for a retry or a redirect, and
// it carries the operation the boundary middleware resolved.
import type { OperationInfo } from "../../generated/operations.js";
import type { BodySource } from "../http/sender.js";

/** A request body as openapi-fetch's serializer left it: the caller's value, encoded later. */
export class PendingBody {
  constructor(
    readonly value: unknown,
    /** One of the operation's media types, when the caller chose it; its first otherwise. */
    readonly mediaType?: string,
  ) {}
}

export type RequestBody = string | Uint8Array | Blob | BodySource | PendingBody | undefined;

/** What the boundary middleware resolved: the operation and whether the transport may repeat it. */
export interface ResolvedOperation {
  operationId: string;
  info: OperationInfo;
}

interface RequestInitLike {
  method?: string | undefined;
  headers?: HeadersInit | undefined;
  body?: unknown | undefined;
  signal?: AbortSignal | null | undefined;
}

export class PlatformRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | null;
  /** The body as given: a PendingBody until the boundary encodes it for the operation's media type. */
  body: RequestBody;
  operation: ResolvedOperation | undefined;
  /** Provider secrets this request's body carries (a connection's API key, its header values), masked in its answer. */
  secrets: string[] = [];

  constructor(input: string | URL | PlatformRequest, init: RequestInitLike = {}) {
    const from = input instanceof PlatformRequest ? input : undefined;
    this.url = from ? from.url : String(input);
    this.method = (init.method ?? from?.method ?? "GET").toUpperCase();
    // openapi-fetch hands over a Headers it built for this call alone: kept, not copied.
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers ?? from?.headers);
    this.signal = init.signal ?? from?.signal ?? null;
    this.body = (init.body as RequestBody) ?? from?.body;
    this.operation = from?.operation;
    this.secrets = from?.secrets ?? [];
  }

  get bodyUsed(): boolean {
    return false;
  }

  clone(): PlatformRequest {
    return new PlatformRequest(this, { headers: new Headers(this.headers) });
  }

  /** The encoded body as text, for a middleware that logs or signs it; file parts are read. */
  async text(): Promise<string> {
    const body = this.body;
    if (body === undefined) return "";
    if (typeof body === "string") return body;
    if (body instanceof PendingBody) return JSON.stringify(body.value);
    if (body instanceof Blob) return body.text();
    if (body instanceof Uint8Array) return new TextDecoder().decode(body);
    const decoder = new TextDecoder();
    let out = "";
    for await (const piece of body.open()) out += decoder.decode(piece, { stream: true });
    return out + decoder.decode();
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
