// The drift report code of src/drift for the validating proxy (scripts/proxy.mjs), loaded from the
// working copy's source: the same checks, recorder and report files as the client and the stateful
// mock use, so the proxy's report is in their format by construction, not by a copy.
import { importBundled } from "./bundled-source.mjs";

/**
 * @typedef {{
 *   checkAnswer: typeof import("../../src/drift/answer-check.ts").checkAnswer,
 *   DriftRecorder: typeof import("../../src/drift/recorder.ts").DriftRecorder,
 *   departuresFromPrism: typeof import("../../src/drift/prism-violations.ts").departuresFromPrism,
 *   mergeDriftReports: typeof import("../../src/drift/merge.ts").mergeDriftReports,
 *   readDriftReport: typeof import("../../src/node/drift-report-file.ts").readDriftReport,
 *   writeDriftReport: typeof import("../../src/node/drift-report-file.ts").writeDriftReport,
 *   route: typeof import("../../src/mock/stateful/router.ts").route,
 * }} DriftKit
 */

const KIT = `
export { checkAnswer } from "./src/drift/answer-check.ts";
export { DriftRecorder } from "./src/drift/recorder.ts";
export { departuresFromPrism } from "./src/drift/prism-violations.ts";
export { mergeDriftReports } from "./src/drift/merge.ts";
export { readDriftReport, writeDriftReport } from "./src/node/drift-report-file.ts";
export { route } from "./src/mock/stateful/router.ts";
`;

/**
 * checkAnswer, DriftRecorder, departuresFromPrism, mergeDriftReports, readDriftReport, writeDriftReport and route.
 * @returns {Promise<DriftKit>}
 */
export function loadDriftKit() {
  return /** @type {Promise<DriftKit>} */ (importBundled({ contents: KIT }));
}
