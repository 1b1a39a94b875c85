// Ids name a discrepancy from tests and lint exemptions, so one id must mean one record.
import { createRulesetFunction } from "@stoplight/spectral-core";
import { discrepancyRecords } from "./discrepancy-records.js";

export default createRulesetFunction({ input: null, options: null }, function discrepancyIdsUnique(document) {
  const firstSeen = new Map();
  const results = [];
  for (const { record, path } of discrepancyRecords(document)) {
    if (typeof record.id !== "string") continue;
    const first = firstSeen.get(record.id);
    if (first === undefined) firstSeen.set(record.id, path);
    else {
      results.push({
        message: `Discrepancy id "${record.id}" is already used at ${first.join(".")}`,
        path: [...path, "id"],
      });
    }
  }
  return results;
});
