// `validateResponses`: every answer of the request path checked against the spec as it came (after
// the transport, before openapi-fetch, the caller's middleware and the normalisers see it). Only
// this switch loads with the client; the checks, the validators and the recorder load on the first
// answer (./response-checks.ts, through ../lazy-modules.ts). `warn` records and logs and
// never changes what a call returns or throws; `strict` throws a ResponseValidationError.
import { emptyReport } from "../../drift/report-format.js";
import { PlatformError } from "../../kernel/errors.js";
import type { PlatformResponse } from "../http/platform-response.js";
import { NULL_BODY_STATUS } from "../http/sender.js";
import { loadResponseChecks } from "../lazy-modules.js";
import type { Log } from "../../kernel/logger.js";
import type { ResponseValidation } from "../options.js";
import type { ResponseDrift } from "./platform-api.js";
import type { ResponseStage } from "./response-checks.js";

export interface ResponseValidationStage {
  /** Checks one answer; absent when the mode is off, so the request path has no stage at all. */
  check?: (response: PlatformResponse) => PlatformResponse | Promise<PlatformResponse>;
  drift: ResponseDrift;
}

export function responseValidation(mode: ResponseValidation, log: Log): ResponseValidationStage {
  let stage: ResponseStage | undefined;
  let unloaded = false;
  const drift: ResponseDrift = { report: () => stage?.report() ?? emptyReport(), clear: () => stage?.clear() };
  if (mode === "off") return { drift };
  // The first answer waits for the checks to load; every later one is checked at once, without
  // another promise on the call's path.
  const load = async (response: PlatformResponse): Promise<PlatformResponse> => {
    try {
      const loaded = loadResponseChecks();
      stage ??= (loaded instanceof Promise ? await loaded : loaded).responseStage(mode, log);
    } catch (error) {
      // Strict mode cannot vouch for an answer it could not check; warn mode lets it through.
      if (mode === "strict") throw new PlatformError(`validateResponses: the response validators did not load (${(error as Error)?.message ?? String(error)})`, { cause: error });
      if (!unloaded) log("warn", `validateResponses: the response validators did not load; answers are not checked (${(error as Error)?.message ?? String(error)})`);
      unloaded = true;
      return response;
    }
    return stage.check(response, NULL_BODY_STATUS.has(response.status));
  };
  const check = (response: PlatformResponse): PlatformResponse | Promise<PlatformResponse> =>
    stage ? stage.check(response, NULL_BODY_STATUS.has(response.status)) : load(response);
  return { check, drift };
}
