// A record's `examples` names the verbatim vendor samples that prove it; a dangling name would
// leave the discrepancy without its evidence.
import { createRulesetFunction } from "@stoplight/spectral-core";
import { discrepancyRecords } from "./discrepancy-records.js";

export default createRulesetFunction({ input: null, options: null }, function discrepancyExamplesExist(document) {
  const defined = new Set(Object.keys(document?.components?.examples ?? {}));
  const results = [];
  for (const { record, path } of discrepancyRecords(document)) {
    if (!Array.isArray(record.examples)) continue;
    for (const [index, name] of record.examples.entries()) {
      if (typeof name !== "string" || !defined.has(name)) {
        results.push({
          message: `Discrepancy "${record.id}" names example "${name}", which is not under components.examples`,
          path: [...path, "examples", index],
        });
      }
    }
  }
  return results;
});
