// The spec differ: two versions of the spec in, every change classified by the CHANGELOG's
// versioning table out. Used by scripts/spec-diff.mjs (the report), scripts/check-spec-diff.mjs
// (the gate), the tests and bench/spec-diff.mjs. How each piece works: the header of each file.
//
//   sources.mjs       which spec a BASE or HEAD argument names (file, release, git ref)
//   document.mjs      a parsed side and the line of every JSON pointer in it
//   diff.mjs          the comparison, operation by operation, then the document
//   schema/           schemas as value sets (view.mjs) and the walk over two of them (compare.mjs)
//   rules/            one file per family of rules, each rule tied to a CHANGELOG row
//   workflows.mjs     the workflows of the Arazzo document a change reaches
//   gate.mjs          the version rule applied to a report
//   format/           markdown for a PR comment, GitHub annotations, links to lines, the rule reference
export { diffSpecs, REPORT_FORMAT } from "./diff.mjs";
export { verdictOf, violations } from "./verdict.mjs";
export { judge, nextVersion } from "./gate.mjs";
export { parseSide, sideFromDocument } from "./document.mjs";
export { lastReleaseFor, listReleases, resolveSides, sideFromArgument, sideFromFile, sideFromGit, workingTreeSide } from "./sources.mjs";
export { toMarkdown } from "./format/markdown.mjs";
export { toAnnotations } from "./format/github.mjs";
export { rulesMarkdown } from "./format/rules.mjs";
export { ALL_RULES, FAMILIES, ruleById } from "./rules/index.mjs";
