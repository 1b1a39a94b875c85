// The stateful mock in-process: the same core as the HTTP mock (./core.ts) behind a `fetch`, with
// no port, no socket and no Node module, so a test in any runtime the client supports (Node,
// Deno, Bun, a browser page, a worker) runs its flows against it. `listen()` puts the same state
// behind a socket too, for code that needs one; the entry that builds the mock says how (Node's
// HTTP server, or a clear refusal where there is none).
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { optionKeys, unknownKeyIssues } from "../../kernel/option-check.js";
import { present } from "../../kernel/present.js";
import { createMockState, MockCore, type MockState } from "./core.js";
import { lightRequest } from "./http/incoming.js";
import { isDripped, toIncoming, toResponse } from "./http/send.js";
import { BodyTooLarge, DIRECT_EXCHANGE, DIRECT_TEXT_EXCHANGE, isBodySource, type CancelSignal, type DirectExchange, type DirectSignal, type Outgoing } from "../../wrappers/http/sender.js";
import { utf8Over } from "../../wrappers/http/utf8-length.js";
import { checkOptions, STATEFUL_OPTIONS, type StatefulMockOptions } from "./options.js";
import type { StatefulMock } from "./server.js";

/** The options of createStatefulMock: those of startMock({ stateful: true }) but where to listen. */
export type InProcessMockOptions = Omit<StatefulMockOptions, "port" | "host">;

/** Where listen() puts the mock's socket (the defaults: a free port on 127.0.0.1). */
export interface ListenOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number | undefined;
  /** Interface to listen on (default 127.0.0.1, off the network). */
  host?: string | undefined;
}

/** How the entry puts a mock's state behind a socket. */
export type Listener = (shared: MockState, address: { port: number; host: string }) => Promise<StatefulMock>;

const IN_PROCESS_OPTIONS = STATEFUL_OPTIONS.filter((key) => key !== "stateful" && key !== "port" && key !== "host");
const LISTEN_OPTIONS = optionKeys<ListenOptions>({ port: true, host: true });

let instances = 0;

export class InProcessMock extends MockCore {
  /**
   * The base URL to give the client (`baseUrl`): a name under .invalid, which no resolver
   * answers, so a call that misses this mock's `fetch` fails instead of reaching a network.
   */
  readonly url = `http://stateful-mock-${++instances}.invalid`;

  constructor(
    shared: MockState,
    private readonly listener: Listener,
  ) {
    super(shared);
  }

  /**
   * A function with the signature of the global fetch, answering from this mock: pass it as the
   * client's `fetch` option. Any URL is answered by its path and query (a path alone is read under
   * `url`). A reset-connection fault rejects as a fetch does on a dropped connection
   * (`TypeError: fetch failed`); the call's signal aborts it, a slow body included. The client
   * given this fetch gets the same answers without a Request or Response built for each call.
   */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const target = typeof input === "string" && input.startsWith("/") ? `${this.url}${input}` : input;
      const light = typeof target === "string" || target instanceof URL ? lightRequest(String(target), init) : undefined;
      const request = light ?? new Request(target, init);
      const signal = light ? init?.signal : (request as Request).signal;
      signal?.throwIfAborted();
      // A request without a streamed body is answered without waiting on anything the caller
      // holds, so a signal that fires meanwhile is seen once the answer is ready; a streamed body
      // may stall, so the signal is raced against it.
      const response = await (signal && !light ? untilAborted(this.handle(request), signal) : this.handle(request));
      signal?.throwIfAborted();
      if (response.type === "error") throw resetError();
      // An answer in memory is whole already; only a dripped one can still be cut short.
      return signal && isDripped(response) ? abortableBody(response, signal) : response;
    },
    {
      // Bytes, for a client from an older copy of the package; text for this one (../../wrappers/http/sender.ts).
      [DIRECT_EXCHANGE]: ((request, signal, maxBytes) => this.exchange(request, signal, maxBytes, false)) satisfies DirectExchange,
      [DIRECT_TEXT_EXCHANGE]: ((request, signal, maxBytes) => this.exchange(request, signal, maxBytes, true)) satisfies DirectExchange,
    },
  );

  // The client's own calls through `fetch` (its sender finds this by DIRECT_EXCHANGE): the same
  // answers as fetch gives, as the sender would read them from its Response. A body the client
  // holds (an upload's chunk) is read where it is, piece by piece, not copied into one array for
  // a fetch to copy again. A dripped answer is handed over as a Response for the sender to read.
  private exchange(request: Outgoing, signal: DirectSignal, maxBytes: number, asText: boolean): ReturnType<DirectExchange> {
    const { body, method } = request;
    const url = request.url.startsWith("/") ? `${this.url}${request.url}` : request.url;
    const source = isBodySource(body) ? body : undefined;
    const light = lightRequest(
      url,
      { method, headers: request.headers, ...(body === undefined || source ? {} : { body: body as BodyInit }) },
      source && (() => source.open()),
      true,
    );
    if (!light) return undefined;
    if (signal.aborted) return Promise.reject(signal.reason);
    // A body read from the client's source may wait on it (a file's slice): the signal ends that wait.
    const replying = source ? untilAborted(this.reply(light), signal) : this.reply(light);
    // No async frame of its own: the answer is handed on from the reply's promise.
    return replying.then((reply) => {
      signal.throwIfAborted();
      if (reply === "reset") throw resetError();
      if (reply.dripMs) return { response: toResponse(reply) };
      const text = asText ? reply.outgoing.text : undefined;
      if (text === undefined ? reply.outgoing.bytes.length > maxBytes : utf8Over(text, maxBytes)) throw new BodyTooLarge(maxBytes);
      return asText ? toIncoming(reply, light.method, true) : toIncoming(reply, light.method);
    });
  }

  /**
   * Puts this mock behind a socket as well: resolves to the HTTP mock of startMock({ stateful:
   * true }), over the same state (what either receives, both see). stop() it when done.
   */
  async listen(options: ListenOptions = {}): Promise<StatefulMock> {
    const issues: ValidationIssue[] = [];
    const record = (options ?? {}) as Record<string, unknown>;
    if (typeof options !== "object" || options === null) issues.push({ field: "options", rule: "type", message: "listen: options must be an object { port?, host? }" });
    else issues.push(...unknownKeyIssues(record, LISTEN_OPTIONS, ""));
    const checked = checkOptions({ port: record.port, host: record.host });
    if ("issues" in checked) issues.push(...checked.issues);
    if (issues.length > 0 || "issues" in checked) throw new ValidationError(issues, "listen");
    return this.listener(this.shared, { port: checked.resolved.port, host: checked.resolved.host });
  }
}

/** What a fetch rejects with when its connection drops, as the mock's reset fault imitates it. */
const resetError = () => new TypeError("fetch failed", { cause: new Error("the stateful mock reset the connection (a fault rule of kind reset)") });

/** `pending`, or the signal's reason once it aborts first. */
function untilAborted<T>(pending: Promise<T>, signal: CancelSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The response with a body that errors with the signal's reason when it aborts mid-body, as a fetch's does. */
function abortableBody(response: Response, signal: AbortSignal): Response {
  const reader = present(response.body, "the body of a dripped answer").getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const onAbort = () => {
        controller.error(signal.reason);
        void reader.cancel(signal.reason).catch(() => {});
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      void reader.closed.finally(() => signal.removeEventListener("abort", onAbort)).catch(() => {});
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A stateful mock in this process, built at once (no port): its `fetch`, `handle`, `url`, the
 * scenario methods of the HTTP mock, and listen(). Bad options throw a ValidationError naming
 * every bad field and its rule.
 */
export function buildStatefulMock(options: InProcessMockOptions | undefined, listener: Listener): InProcessMock {
  const checked = checkOptions(options ?? {}, IN_PROCESS_OPTIONS);
  if ("issues" in checked) {
    const issues = checked.issues.map((issue) =>
      issue.rule === "unknownOption" && (issue.field === "port" || issue.field === "host")
        ? { ...issue, message: `${issue.field} is not an option of the in-process mock, which opens no port: give it to listen({ port, host })` }
        : issue,
    );
    throw new ValidationError(issues, "createStatefulMock");
  }
  return new InProcessMock(createMockState(checked.resolved), listener);
}
