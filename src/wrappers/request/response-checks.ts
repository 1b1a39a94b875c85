// What `validateResponses` loads on the first answer it checks (../lazy-modules.ts): the
// response validators generated from the spec, the drift recorder behind `client.drift`, and what
// each mode does with an answer that departs. One stage per client, so each client's report holds
// its own traffic.
import { checkAnswer } from "../../drift/answer-check.js";
import { describeDrift } from "../../drift/describe.js";
import { DriftRecorder } from "../../drift/recorder.js";
import type { DriftReport } from "../../drift/report-format.js";
import { PlatformError, ResponseValidationError, type ResponseDeparture } from "../../kernel/errors.js";
import type { PlatformResponse } from "../http/platform-response.js";
import { isRetryableStatus } from "../http/retry-policy.js";
import type { Log } from "../../kernel/logger.js";

export interface ResponseStage {
  /** Checks one answer as it came (`bodyless`: its status has no body): records and logs its drift; in strict mode, throws on it. */
  check(response: PlatformResponse, bodyless: boolean): PlatformResponse;
  report(): DriftReport;
  clear(): void;
}

const key = (d: { pointer: string; kind: string; keyword: string }) => `${d.pointer}\u0000${d.kind}\u0000${d.keyword}`;

export function responseStage(mode: "warn" | "strict", log: Log): ResponseStage {
  const recorder = new DriftRecorder({ recordedBy: "client" });
  let broken = false;

  // The answer's departures, labelled, after recording them and logging each drift seen first.
  function departuresOf(response: PlatformResponse, bodyless: boolean): ResponseDeparture[] {
    const { operationId, status } = response;
    const checked = checkAnswer(operationId, status, bodyless ? null : response.textNow());
    if (!checked || checked.departures.length === 0) return [];
    const { entries, fresh } = recorder.record({ direction: "response", operationId, status, documented: checked.documented }, checked.departures);
    for (const entry of fresh) log("warn", `response drift: ${describeDrift(entry)}`, { operationId, status, pointer: entry.pointer, kind: entry.kind, discrepancies: entry.discrepancies });
    const labels = new Map(entries.map((e) => [key(e), e.discrepancies]));
    return checked.departures.map((d) => ({
      pointer: d.pointer,
      kind: d.kind,
      expected: d.expected,
      received: d.received,
      discrepancies: labels.get(key(d)) ?? [],
    }));
  }

  return {
    check(response, bodyless) {
      // A request a middleware replaced reaches the transport without its operation: nothing to check against.
      if (response.operationId === "request") return response;
      let departures: ResponseDeparture[];
      try {
        departures = departuresOf(response, bodyless);
      } catch (error) {
        // The check itself failed: strict mode cannot vouch for the answer, so the call fails;
        // warn mode says so once and lets every call go on as if nothing had checked it.
        if (mode === "strict") throw new PlatformError(`${response.operationId}: the answer could not be checked against the spec (${(error as Error)?.message ?? String(error)})`, { cause: error });
        if (!broken) log("warn", `validateResponses: an answer could not be checked (${(error as Error)?.message ?? String(error)})`, { operationId: response.operationId });
        broken = true;
        return response;
      }
      // A 408, 429 or 5xx stays the APIError it is, recorded like any drift: a gateway's HTML
      // 502 must still be retried, and a waiter must still poll through it.
      if (mode === "strict" && departures.length > 0 && !isRetryableStatus(response.status)) {
        throw new ResponseValidationError(response.operationId, response.status, departures);
      }
      return response;
    },
    report: () => recorder.report(),
    clear: () => recorder.clear(),
  };
}
