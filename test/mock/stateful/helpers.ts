// Helpers of the stateful mock's tests: a fresh mock per test and raw calls that name the
// operation's credential header, so a test reads like the request it sends.
import { startStatefulMock, type StatefulMock, type StatefulMockOptions } from "../../../src/mock/stateful/server.js";

export const API_KEY = "test-api-key-0123456789";
export const JWT = "header.payload.signature";

export async function withMock<T>(options: StatefulMockOptions, run: (mock: StatefulMock) => Promise<T>): Promise<T> {
  const mock = await startStatefulMock(options);
  try {
    return await run(mock);
  } finally {
    await mock.stop();
  }
}

export interface Raw {
  status: number;
  headers: Headers;
  body: any;
}

/** A JSON call with the x-api-key header (or `auth` for paths under /bot/). */
export async function call(mock: StatefulMock, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const credential: Record<string, string> = path.includes("/bot/") ? { auth: JWT } : { "x-api-key": API_KEY };
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...credential, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A multipart call with the x-api-key header. */
export async function upload(mock: StatefulMock, path: string, fields: Record<string, string | Blob>, method = "POST"): Promise<Raw> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${mock.url}${path}`, { method, headers: { "x-api-key": API_KEY }, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A multipart call built by hand, for bodies FormData cannot make: each part is its headers and text. */
export async function uploadParts(mock: StatefulMock, path: string, parts: Array<{ headers: string[]; text: string }>): Promise<Raw> {
  const boundary = "test-boundary-7f3a";
  const body = parts.map((part) => `--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n${part.text}\r\n`).join("") + `--${boundary}--\r\n`;
  const response = await fetch(`${mock.url}${path}`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": `multipart/form-data; boundary=${boundary}` }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
