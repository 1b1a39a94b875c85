// What every resource is given: the one openapi-fetch client with the request path around it
// (./request-path.ts), and the helpers that turn its results into data or typed errors. Types
// only, so the code loaded on demand can name them without importing the request path.
import type { Client } from "openapi-fetch";
import type { DriftReport } from "../../drift/report-format.js";
import type { OperationId } from "../../generated/operations.js";
import type { paths } from "../../generated/platform.js";
import type { SenderWiring } from "../http/sender.js";
import type { Log } from "../../kernel/logger.js";
import type { Redactor } from "../../kernel/redactor.js";
import type { ResolvedOptions } from "../options.js";
import type { RequestParts } from "./request-check.js";

/** What the Node entry and the tests put under the client: the sender, and deterministic timing. */
export interface ClientSeams {
  /** Sends each attempt when the caller gave no fetch of their own (the Node entry's undici sender). */
  sender?: SenderWiring | undefined;
  random?: (() => number) | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/** An openapi-fetch result: the shape `api.GET(...)` and friends resolve to. */
export interface ApiResult<D> {
  data?: D | undefined;
  error?: unknown | undefined;
  response: Response;
}

export interface PlatformApi {
  /** The openapi-fetch client over the generated `paths`; `use`/`eject` keep the credential last. */
  readonly api: Client<paths>;
  /** The data of a 2xx answer, or the typed error of any other (its body and request id redacted). */
  data<D>(result: ApiResult<D>): D;
  /** The boundary's check alone, for a wrapper that must refuse everything before its first request. */
  precheck(operationId: OperationId, parts: RequestParts): Promise<void>;
  readonly log: Log;
  readonly redactor: Redactor;
  readonly options: Omit<ResolvedOptions, "apiKey" | "jwt">;
  /** What `validateResponses` has seen depart from the spec (`client.drift`). */
  readonly drift: ResponseDrift;
}

/** `client.drift`: what the client has seen depart from the spec (`validateResponses`). */
export interface ResponseDrift {
  /** The drift report so far (empty while `validateResponses` is off): a copy, yours to keep or write. */
  report(): DriftReport;
  /** Forgets what was recorded, e.g. after writing the report. */
  clear(): void;
}
