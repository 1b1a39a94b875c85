// The spec review guide's commands stay true: every `npm run` script it names exists, and every
// option it shows is one the script it is given to declares.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { LINT_FORMATS } from "../../../scripts/lib/lint-formats.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

const guide = readFileSync(resolve(REPO_ROOT, "docs/guides/spec-review.md"), "utf8");
const scripts: Record<string, string> = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8")).scripts;
const commands = [...guide.matchAll(/npm run ([\w:-]+)(?: -- ([^\n`#]*))?/g)].map((m) => ({ script: m[1]!, args: (m[2] ?? "").trim() }));

it("names only scripts package.json has, and shows each of the three", () => {
  expect(commands.length).toBeGreaterThan(10);
  for (const { script } of commands) expect(Object.keys(scripts), `npm run ${script}`).toContain(script);
  expect(new Set(commands.map((c) => c.script))).toEqual(new Set(["spec:diff", "check:spec-diff", "lint", "bench"]));
});

it("shows only options the scripts declare", () => {
  for (const { script, args } of commands) {
    const source = readFileSync(resolve(REPO_ROOT, scripts[script]!.replace(/^node /, "")), "utf8");
    for (const [, flag, value] of args.matchAll(/--([\w-]+)(?:[ =]([\w|]+))?/g)) {
      expect(source, `npm run ${script} -- --${flag}`).toMatch(new RegExp(`["']?${flag}["']?: \\{ type:`));
      if (script === "lint" && flag === "format" && value) for (const format of value!.split("|")) expect(LINT_FORMATS).toContain(format);
    }
  }
});
