// The validating proxy's drift report (npm run proxy -- --record-drift FILE): the environment's
// answers as they came (from the answer tap) and the requests Prism refused (from its violation
// lists), recorded with the drift code of src/drift, so the file is in the very format the client
// and the stateful mock write. The file is rewritten shortly after each new departure and on stop,
// holding what it held when the proxy started merged with what the proxy has seen since.
import { loadDriftKit } from "./drift-kit.mjs";

const FLUSH_DELAY_MS = 200;

/** @typedef {{ method: string, path: string, status: number, body?: string | null, skipped?: string }} TappedAnswer what the answer tap hands on */

/**
 * @param {{ file: string, log?: (line: string) => void }} options
 * @returns {Promise<{ wants: (method: string, path: string) => boolean, onAnswer: (answer: TappedAnswer) => void, onProblem: (method: string, path: string,
 *   problem: { validation?: unknown[] }) => void, flush: () => Promise<unknown>, report: () => import("../../src/drift/report-format.ts").DriftReport }>}
 */
export async function startDriftRecording({ file, log = console.log }) {
  const kit = await loadDriftKit();
  /** @type {import("../../src/drift/report-format.ts").DriftReport | undefined} */
  let base;
  try {
    base = await kit.readDriftReport(file);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
  const recorder = new kit.DriftRecorder({ recordedBy: "proxy" });
  const operationOf = (/** @type {string} */ method, /** @type {string} */ path) => {
    const found = kit.route(method, path);
    return found && "route" in found ? found.route.operationId : undefined;
  };
  const report = () => (base ? kit.mergeDriftReports(base, recorder.report()) : recorder.report());

  // One write at a time, the last one always with everything recorded so far.
  /** @type {Promise<unknown>} */
  let writing = Promise.resolve();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing
      .then(() => kit.writeDriftReport(file, report(), { merge: false }))
      .catch((error) => log(`[drift] ${file} was not written: ${error.message}`));
    return writing;
  };
  const recorded = (/** @type {string} */ where, /** @type {ReturnType<typeof recorder.record>["fresh"]} */ fresh) => {
    for (const entry of fresh)
      log(`[drift] ${where}: ${entry.pointer || "(whole body)"} ${entry.kind} (expected ${entry.expected}; received ${entry.received.join(" or ")})`);
    timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  return {
    wants: (method, path) => operationOf(method, path) !== undefined,
    onAnswer({ method, path, status, body, skipped }) {
      const operationId = operationOf(method, path);
      if (!operationId) return;
      if (skipped) return log(`[drift] ${method} ${path} -> ${status}: not checked (${skipped})`);
      // Without `skipped`, the tap always gives the body (null when the status has none).
      const checked = kit.checkAnswer(operationId, status, body ?? null);
      if (!checked || checked.departures.length === 0) return;
      const { fresh } = recorder.record({ direction: "response", operationId, status, documented: checked.documented }, checked.departures);
      recorded(`${method} ${path} -> ${status}`, fresh);
    },
    onProblem(method, path, problem) {
      const operationId = operationOf(method, path);
      if (!operationId || !Array.isArray(problem?.validation)) return;
      const violations = /** @type {import("../../src/drift/prism-violations.ts").PrismViolation[]} */ (problem.validation);
      for (const { location, departures } of kit.departuresFromPrism(violations)) {
        const { fresh } = recorder.record({ direction: "request", operationId, location }, departures);
        recorded(`${method} ${path} (request ${location})`, fresh);
      }
    },
    flush,
    report,
  };
}
