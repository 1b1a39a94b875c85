// An export's file, fetched from the address its finished job gives. The address is not an
// operation of the spec, so this is not the request path: no platform credential is sent, and
// the body is handed back as a stream, not read whole. Every failure is one of the client's
// errors, never fetch's bare TypeError or DOMException.
import { AbortError, ConnectionError, ValidationError } from "../../kernel/errors.js";
import type { Redactor } from "../../kernel/redactor.js";
import { apiErrorFor } from "../../kernel/errors.js";

export interface DownloadOptions {
  /** Defaults to the client's own download fetch: the global fetch, or undici's on the Node entry. */
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
}

/** The download address of a job or as given, trimmed (the vendor's samples wrap it in spaces). */
export function downloadAddress(jobOrUrl: { downloadUrl?: string | undefined } | string, operationId: string): URL {
  const given = typeof jobOrUrl === "string" ? jobOrUrl.trim() : jobOrUrl?.downloadUrl?.trim();
  const refuse = (rule: string, message: string) => new ValidationError([{ field: "downloadUrl", rule, message }], operationId);
  if (!given) throw refuse("required", "downloadUrl is required: wait for the export job to finish (wait: true) before downloading");
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw refuse("format", "downloadUrl must be an absolute http(s) address");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("protocol", `downloadUrl must be an http(s) address, not ${url.protocol}`);
  // A user name or password in the address would be sent as credentials, and fetch refuses it.
  if (url.username || url.password) throw refuse("credentials", "downloadUrl must not carry a user name or password");
  return url;
}

export async function download(url: URL, operationId: string, options: DownloadOptions, defaultFetch: typeof fetch, redactor: Redactor): Promise<Response> {
  const { signal } = options;
  if (signal?.aborted) throw new AbortError(`${operationId} was aborted`, { cause: signal.reason });
  let response: Response;
  try {
    response = await (options.fetch ?? defaultFetch)(url.href, { signal: signal ?? null, credentials: "omit", redirect: "follow" });
  } catch (error) {
    if (signal?.aborted) throw new AbortError(`${operationId} was aborted`, { cause: signal.reason });
    const reason = error instanceof Error ? `${error.message}${codeOf(error) ? ` (${codeOf(error)})` : ""}` : String(error);
    throw new ConnectionError(`${operationId} got no answer from the download address: ${redactor.text(reason)}`, operationId, { cause: error });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw apiErrorFor({ status: response.status, body: redactor.text(text.slice(0, 2000)) || undefined, operationId });
  }
  return response;
}

function codeOf(error: Error): string | undefined {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}
