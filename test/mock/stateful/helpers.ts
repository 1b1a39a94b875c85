// Helpers of the stateful mock's tests: a fresh mock per test, over either transport (in-process
// through its fetch, or the HTTP server on a free port), and raw calls that name the operation's
// credential header, so a test reads like the request it sends.
import { beforeEach, describe } from "vitest";
import { createStatefulMock, type InProcessMock } from "../../../src/mock/start-mock.js";
import { startStatefulMock, type StatefulMock, type StatefulMockOptions } from "../../../src/mock/stateful/server.js";
import type { Json } from "../../support/json.js";

export const API_KEY = "test-api-key-0123456789";
export const JWT = "header.payload.signature";

/** The two ways to reach the same mock: they must give the same answers. */
export const TRANSPORTS = ["in-process", "http"] as const;
export type Transport = (typeof TRANSPORTS)[number];
export type AnyMock = StatefulMock | InProcessMock;

let current: Transport = "http";

/**
 * Runs the tests `body` declares once per transport: withMock() in them starts the mock that
 * transport reaches (set before each test, since the tests run after the blocks are declared).
 */
export function eachTransport(body: (transport: Transport) => void): void {
  describe.each(TRANSPORTS)("over %s", (transport) => {
    beforeEach(() => {
      current = transport;
    });
    body(transport);
  });
}

/** The fetch that reaches `mock`: its own in-process, the global one over HTTP. */
export const fetchOf = (mock: AnyMock): typeof fetch => ("fetch" in mock ? mock.fetch : fetch);

/** A fresh mock for `run`: over `transport`, or the one eachTransport() set for this test (else HTTP). */
export function withMock<T>(options: StatefulMockOptions, run: (mock: StatefulMock) => Promise<T>, transport: "http"): Promise<T>;
export function withMock<T>(options: StatefulMockOptions, run: (mock: AnyMock) => Promise<T>, transport?: Transport): Promise<T>;
export async function withMock<T>(options: StatefulMockOptions, run: (mock: never) => Promise<T>, transport: Transport = current): Promise<T> {
  if (transport === "in-process") {
    const { port: _port, host: _host, ...rest } = options;
    return run(createStatefulMock(rest) as never);
  }
  const mock = await startStatefulMock(options);
  try {
    return await run(mock as never);
  } finally {
    await mock.stop();
  }
}

export interface Raw {
  status: number;
  headers: Headers;
  body: Json;
}

/** A JSON call with the x-api-key header (or `auth` for paths under /bot/). */
export async function call(mock: AnyMock, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const credential: Record<string, string> = path.includes("/bot/") ? { auth: JWT } : { "x-api-key": API_KEY };
  const response = await fetchOf(mock)(`${mock.url}${path}`, {
    method,
    headers: { ...credential, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A multipart call with the x-api-key header. */
export async function upload(mock: AnyMock, path: string, fields: Record<string, string | Blob>, method = "POST"): Promise<Raw> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetchOf(mock)(`${mock.url}${path}`, { method, headers: { "x-api-key": API_KEY }, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A multipart call built by hand, for bodies FormData cannot make: each part is its headers and text. */
export async function uploadParts(mock: AnyMock, path: string, parts: Array<{ headers: string[]; text: string }>): Promise<Raw> {
  const boundary = "test-boundary-7f3a";
  const body = `${parts.map((part) => `--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n${part.text}\r\n`).join("")}--${boundary}--\r\n`;
  const response = await fetchOf(mock)(`${mock.url}${path}`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": `multipart/form-data; boundary=${boundary}` }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
