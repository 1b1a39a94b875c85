// The drift report code of src/drift for the validating proxy (scripts/proxy.mjs), loaded from the
// working copy's source: the same checks, recorder and report files as the client and the stateful
// mock use, so the proxy's report is in their format by construction, not by a copy.
import { importBundled } from "./bundled-source.mjs";

const KIT = `
export { checkAnswer } from "./src/drift/answer-check.ts";
export { DriftRecorder } from "./src/drift/recorder.ts";
export { departuresFromPrism } from "./src/drift/prism-violations.ts";
export { mergeDriftReports } from "./src/drift/merge.ts";
export { readDriftReport, writeDriftReport } from "./src/node/drift-report-file.ts";
export { route } from "./src/mock/stateful/router.ts";
`;

/** checkAnswer, DriftRecorder, departuresFromPrism, mergeDriftReports, readDriftReport, writeDriftReport and route. */
export function loadDriftKit() {
  return importBundled({ contents: KIT });
}
