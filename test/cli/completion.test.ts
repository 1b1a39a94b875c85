// `platform completion bash|zsh|fish`: each script loaded into the real shell and asked for
// completions. Bash goes through its completion machinery (COMP_WORDS, the registered function,
// COMPREPLY); fish through its own `complete -C`; zsh through the candidates function its
// compdef glue calls (its completion widget needs an interactive line editor).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, shown } from "./support/run-cli.js";
import { shellQuote as quote } from "../../src/cli/shell-word.js";

const LONG = 30_000;
const scripts: Record<string, string> = {};
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "platform-completion-"));
  for (const shell of ["bash", "zsh", "fish"]) {
    const out = await cli(["completion", shell]);
    expect(out.code, shown(out)).toBe(0);
    scripts[shell] = join(work, `platform.${shell}`);
    writeFileSync(scripts[shell]!, out.stdout);
  }
}, LONG);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What bash offers for the last word of `platform …words`, through the function `complete` registered. */
function bash(...words: string[]): string[] {
  const script = `source ${quote(scripts.bash!)}
spec=$(complete -p platform) || exit 9
COMP_WORDS=(platform ${words.map(quote).join(" ")}); COMP_CWORD=${words.length}; COMPREPLY=()
$(sed -E 's/.*-F ([^ ]+) .*/\\1/' <<<"$spec") platform
printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync("bash", ["--norc", "--noprofile", "-c", script], { encoding: "utf8" }).split("\n").filter(Boolean);
}

function fish(line: string): string[] {
  return execFileSync("fish", ["--no-config", "-c", `source ${quote(scripts.fish!)}; complete -C ${quote(line)}`], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.split("\t")[0]!);
}

// compdef stands in for compinit's (slow to load): it records what the script registers.
function zsh(...words: string[]): string[] {
  const script = `compdef() { print -r -- "compdef $*"; }; source ${quote(scripts.zsh!)}; _platform_candidates ${words.map(quote).join(" ")}`;
  return execFileSync("zsh", ["-f", "-c", script], { encoding: "utf8" }).split("\n").filter(Boolean);
}

describe("bash", () => {
  it("completes commands, subcommands, flags and enum values", () => {
    expect(bash("")).toEqual(expect.arrayContaining(["connections", "chunks", "models", "configure", "completion", "help"]));
    expect(bash("co")).toEqual(["connections", "configure", "completion"]);
    expect(bash("connections", "")).toEqual(["list", "get", "create", "update", "replace"]);
    expect(bash("connections", "list", "--")).toEqual(expect.arrayContaining(["--provider", "--status", "--limit", "--output", "--json", "--profile", "--help"]));
    expect(bash("connections", "list", "--provider", "")).toEqual(["API", "PROVIDER_ONE", "PROVIDER_TWO", "PROVIDER_THREE"]);
    expect(bash("models", "deploy", "cm-4e5f6a7b", "--model-type", "f")).toEqual(["fineTune"]);
    expect(bash("models", "deploy", "cm-4e5f6a7b", "--model-type", "openSource", "--device-type", "g6")).toEqual(["g6e.xlarge"]);
    expect(bash("-o", "")).toEqual(["json", "jsonl", "yaml", "table"]);
    expect(bash("--profile", "ci", "chunks", "list", "st-1", "--output", "js")).toEqual(["json", "jsonl"]);
  });

  it("completes enum arguments, quoting values with spaces, and command paths after help", () => {
    expect(bash("guardrails", "deploy", "B")).toEqual(["Ban\\ topics", "Bias\\ detection"]);
    expect(bash("guardrails", "undeploy", "--yes", "T")).toEqual(["Toxicity"]);
    expect(bash("help", "connections", "l")).toEqual(["list"]);
  });
});

/** What `_platform`, the function compdef registers, hands compadd for `platform …words` (compadd and _files stubbed). */
function zshWidget(...words: string[]): string[] {
  const script = `compdef() { :; }; source ${quote(scripts.zsh!)}; compadd() { print -rl -- "\${(@P)2}"; }; _files() { print -r -- "(files)"; }
words=(platform ${words.map(quote).join(" ")}); CURRENT=${words.length + 1}; _platform`;
  return execFileSync("zsh", ["-f", "-c", script], { encoding: "utf8" }).split("\n").filter(Boolean);
}

describe("zsh", () => {
  it("hands compadd the candidates of the word being completed, or falls back to files", () => {
    expect(zshWidget("guardrails", "deploy", "")).toEqual(["Anonymize", "Ban topics", "Prompt injection", "Toxicity", "Bias detection", "Relevance"]);
    expect(zshWidget("models", "import", "")).toEqual(["(files)"]);
  });

  it("registers its completion and finds the same candidates", () => {
    expect(zsh("", "connections")).toEqual(["compdef _platform platform npx", "list", "get", "create", "update", "replace"]);
    expect(zsh("", "models", "deploy", "cm-4e5f6a7b", "--model-type")).toEqual(["compdef _platform platform npx", "openSource", "fineTune"]);
    expect(zsh("", "guardrails", "deploy")).toEqual(expect.arrayContaining(["Ban topics", "Toxicity"]));
  });
});

describe("fish", () => {
  it("completes through fish's own completion engine", () => {
    expect(fish("platform conn")).toEqual(["connections"]);
    expect(fish("platform connections list --status ")).toEqual(["ACTIVE", "INACTIVE"]);
    expect(fish("platform guardrails deploy B")).toEqual(["Ban topics", "Bias detection"]);
    expect(fish("platform models import model.tar --pro")).toEqual(["--profile", "--progress"]);
  });
});
