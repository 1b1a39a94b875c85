// npm run security-review [-- --check]: the OWASP API security ruleset on the spec, with the
// decisions of openapi/security.spectral.yaml applied. Writes docs/security-review.md (with
// --check, writes nothing and fails when the committed page is stale, like generate --check),
// and fails while Spectral still reports anything at warn or above: a finding neither fixed
// nor waived.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { reviewSpec } from "./lib/owasp.mjs";
import { SECURITY_REVIEW_DOC, decisionRows, renderSecurityReview } from "./lib/security-review.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";

const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const doc = relative(REPO_ROOT, SECURITY_REVIEW_DOC);

const review = await reviewSpec();
const markdown = renderSecurityReview(review);

for (const row of decisionRows(review)) {
  console.log(`${row.decision.padEnd(12)} ${String(row.found).padStart(4)} found ${String(row.open).padStart(4)} open  ${row.name}`);
}
for (const finding of review.unwaived) {
  console.log(`open: ${finding.severity} ${finding.rule} at ${finding.where || "(document)"}: ${finding.message}`);
}

let stale = false;
if (values.check) {
  let committed = "";
  try {
    committed = readFileSync(SECURITY_REVIEW_DOC, "utf8");
  } catch {
    // missing counts as stale
  }
  stale = committed !== markdown;
  if (stale) console.error(`${doc} is stale: run npm run security-review`);
} else {
  writeFileSync(SECURITY_REVIEW_DOC, markdown);
  console.log(`wrote ${doc}`);
}

const unwaived = review.unwaived.length;
console.log(unwaived === 0 ? "security review: no unwaived findings" : `security review: ${unwaived} finding(s) neither fixed nor waived`);
process.exitCode = unwaived > 0 || stale ? 1 : 0;
