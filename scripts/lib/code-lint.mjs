// The code's half of `npm run lint`: Biome's linter on the folders biome.jsonc names, and lines
// past the formatter's width (its `formatter.lineWidth`), which Biome's linter does not check.
// Findings come back in the shape of scripts/lib/lint.mjs's, so one report and one set of
// formats (scripts/lib/lint-formats.mjs) cover the spec and the code.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { isRecord, listOf, memberAt, numberOr, stringOr } from "./json-members.mjs";
import { cliEntry, runCli } from "./node-cli.mjs";
import { REPO_ROOT } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./lint.mjs").LintProblem} LintProblem */
/** @typedef {import("./lint.mjs").LintReport} LintReport */

export const BIOME_CONFIG = "biome.jsonc";

/**
 * biome.jsonc, read as Biome reads it (comments and trailing commas allowed).
 * @returns {JsonValue} what its text says (a JSON value)
 */
export function biomeConfig(root = REPO_ROOT) {
  const file = resolve(root, BIOME_CONFIG);
  const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, "utf8"));
  if (error) throw new Error(`${BIOME_CONFIG}: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`);
  return config;
}

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A Biome glob (`**`, `*`, `{a,b}`) as a regular expression over repository paths.
 * @param {string} glob
 */
export function globPattern(glob) {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      source += ".*";
      i += 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "{") {
      const end = glob.indexOf("}", i);
      source += `(?:${glob.slice(i + 1, end).split(",").map(escapeRegExp).join("|")})`;
      i = end;
    } else source += escapeRegExp(String(c));
  }
  return new RegExp(`^${source}$`);
}

/**
 * `file` and the folders it is in (`src/a/b.ts`, `src/a`, `src`): what a `!` pattern may name.
 * @param {string} file
 */
const selfAndFolders = (file) => file.split("/").map((_, i, parts) => parts.slice(0, parts.length - i).join("/"));

/**
 * The tracked files biome.jsonc's `files.includes` takes in. A `!` pattern leaves out the files it
 * matches and, as Biome reads it, everything in a folder it matches (`!src/generated`).
 */
export function lintedFiles(root = REPO_ROOT) {
  const patterns = listOf(memberAt(biomeConfig(root), "files", "includes")).filter((p) => typeof p === "string");
  const take = patterns.filter((p) => !p.startsWith("!")).map(globPattern);
  const leave = patterns.filter((p) => p.startsWith("!")).map((p) => globPattern(p.slice(1)));
  const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\n");
  /** @param {string} file */
  const left = (file) => selfAndFolders(file).some((path) => leave.some((re) => re.test(path)));
  return tracked.filter((file) => take.some((re) => re.test(file)) && !left(file));
}

/**
 * @param {string} tool
 * @param {LintProblem[]} problems
 * @returns {LintReport}
 */
function summary(tool, problems) {
  const errors = problems.filter((p) => p.severity === "error").length;
  return { tool, errors, warnings: problems.length - errors, problems };
}

// Every Biome finding fails the gate, its informational ones too: "clean" means none at all.
/** @type {Record<string, string>} */
/** @type {Record<string, string | undefined>} */
const BIOME_SEVERITIES = { error: "error", fatal: "error", warning: "warning", information: "warning", info: "warning", hint: "warning" };

/** Biome's linter on the files biome.jsonc names; a run without a JSON report is one finding. */
export async function runBiome(root = REPO_ROOT) {
  const run = await runCli(cliEntry("@biomejs/biome", "biome"), ["lint", "--reporter=json", "--max-diagnostics=none", `--config-path=${resolve(root, BIOME_CONFIG)}`], { cwd: root });
  /** @type {JsonValue | undefined} */
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  if (!isRecord(report) || !Array.isArray(report.diagnostics)) {
    const message = `biome produced no JSON report (exit ${run.code})\n${run.stderr.trim()}`;
    return summary("biome", [{ tool: "biome", severity: "error", rule: "tool-failure", message, file: "", line: 0, column: 0, pointer: "" }]);
  }
  const problems = report.diagnostics.map((d) => ({
    tool: "biome",
    severity: BIOME_SEVERITIES[String(memberAt(d, "severity"))] ?? "error",
    rule: String(memberAt(d, "category") ?? "biome").replace(/^lint\//, ""),
    message: String(memberAt(d, "message") ?? memberAt(d, "description") ?? ""),
    file: stringOr(memberAt(d, "location", "path"), ""),
    line: numberOr(memberAt(d, "location", "start", "line"), 0),
    column: numberOr(memberAt(d, "location", "start", "column"), 0),
    pointer: "",
  }));
  return summary("biome", problems);
}

// The formatter never breaks a literal: a line that is long because of one string, template or
// regular expression literal (or a URL in a comment) is as short as a formatter can make it.
/** @param {ts.SourceFile} sourceFile */
function unbreakableSpans(sourceFile) {
  /** @type {[number, number][]} */
  const spans = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node) || ts.isRegularExpressionLiteral(node)) {
      spans.push([node.getStart(sourceFile), node.end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return spans;
}

/**
 * Lines past `width` in `text`, less those a literal alone makes long.
 * @param {string} file
 * @param {string} text
 * @param {number} width
 */
export function longLines(file, text, width) {
  const lines = text.split("\n");
  if (!lines.some((line) => line.length > width)) return [];
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const spans = unbreakableSpans(sourceFile);
  const starts = sourceFile.getLineStarts();
  /** @type {{ line: number, length: number }[]} */
  const found = [];
  lines.forEach((line, index) => {
    if (line.length <= width) return;
    const start = starts[index] ?? 0;
    const end = start + line.length;
    const longest = Math.max(0, ...spans.map(([from, to]) => Math.min(to, end) - Math.max(from, start)), ...[...line.matchAll(/https?:\/\/\S+/g)].map((m) => m[0].length));
    if (line.length - longest <= width) return;
    found.push({ line: index + 1, length: line.length });
  });
  return found;
}

/** Every line of the linted files past biome.jsonc's `formatter.lineWidth`. */
export function runLineLength(root = REPO_ROOT) {
  const width = memberAt(biomeConfig(root), "formatter", "lineWidth");
  if (typeof width !== "number" || !Number.isInteger(width)) throw new Error(`${BIOME_CONFIG}: formatter.lineWidth must be set, the line length the code is held to`);
  const problems = lintedFiles(root).flatMap((file) =>
    longLines(file, readFileSync(resolve(root, file), "utf8"), width).map(({ line, length }) => ({
      tool: "line-length",
      severity: "error",
      rule: "line-length",
      message: `line is ${length} characters, over the ${width} of formatter.lineWidth in ${BIOME_CONFIG}`,
      file,
      line,
      column: width + 1,
      pointer: "",
    })),
  );
  return summary("line-length", problems);
}

/** What `npm run lint` checks of the code: Biome's findings and the long lines. */
export async function lintCode(root = REPO_ROOT) {
  const reports = [await runBiome(root), runLineLength(root)];
  return { reports, ok: reports.every((r) => r.errors + r.warnings === 0) };
}
