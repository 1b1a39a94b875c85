// `platform --help`, `platform <group> --help` and `platform completion bash` only define the
// command tree and print it: they must load commander, the command definitions, the spec data
// their flags take (choices, defaults quoted in the help) and the frame every run needs (exit
// codes, redaction), and none of the commands' work. A process start on a slow machine is
// mostly module loading, and the work (the client, uploads, listing, the MCP server, profiles,
// prompts, progress bars) is most of the modules: each command imports its work with import()
// when its action runs (src/cli/actions/). A static import of any of it here fails this test.
//
// The command line runs from src/ through tsx, which compiles each file as it is imported and,
// as tsc does, drops the imports only types use: the modules it loads are the ones dist/ loads.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { cli, shown } from "./support/run-cli.js";

const LOG_LOADS = fileURLToPath(new URL("./support/log-module-loads.mjs", import.meta.url));

// Outside src/cli/, only these load: commander; the frame's error classes and redactor; the spec
// data the flags take; and the modules that hold nothing but a constant the help quotes (each
// split from the code that uses it for that reason). Anything else (the client under wrappers/,
// node/, mcp/, drift/, the generated validators, another package) is work.
const DEFINITION_OUTSIDE_CLI = [
  "node_modules/commander/",
  "src/kernel/errors.ts",
  "src/kernel/redactor.ts",
  "src/kernel/present.ts",
  "src/generated/spec-version.ts",
  "src/generated/request-enums.ts",
  "src/generated/chunk-filter-rules.ts",
  "src/wrappers/uploads/single-upload-limit.ts",
  "src/wrappers/resources/delete-batch.ts",
  "src/mcp/max-wait.ts",
];

// Inside src/cli/, the work: each command's actions, local files (downloads, import state),
// prompts, profiles and the JWT command, the client's context, the printer, progress bars, job
// waits, request bodies, the filter tree. Completion's renderers are work for every command but
// `completion` itself.
const CLI_WORK = [
  "src/cli/actions/",
  "src/cli/local-files/",
  "src/cli/prompt/",
  "src/cli/config/",
  "src/cli/context.ts",
  "src/cli/debug-log.ts",
  "src/cli/output/print.ts",
  "src/cli/output/table.ts",
  "src/cli/progress.ts",
  "src/cli/settle-job.ts",
  "src/cli/bodies.ts",
  "src/cli/filter-tree.ts",
];
const COMPLETION_WORK = ["src/cli/actions/completion.ts", "src/cli/completion/"];

/** The files (repository-relative) and builtins the command line loads for `args`. */
async function loadedBy(args: string[]): Promise<string[]> {
  const run = await cli(args, { command: [process.execPath, "--import", "tsx", "--import", LOG_LOADS, "src/cli/main.ts"] });
  expect(run.code, shown(run)).toBe(0);
  expect(run.stdout, shown(run)).not.toBe("");
  const root = `file://${REPO_ROOT}/`;
  return run.stderr
    .split("\n")
    .filter((line) => line.startsWith("module-load "))
    .map((line) => line.slice("module-load ".length))
    .filter((url) => !url.startsWith("node:"))
    .map((url) => (url.startsWith(root) ? url.slice(root.length) : url));
}

const outside = (file: string) => !file.startsWith("src/cli/") && !DEFINITION_OUTSIDE_CLI.some((allowed) => file.startsWith(allowed));
const within = (prefixes: readonly string[]) => (file: string) => prefixes.some((prefix) => file.startsWith(prefix));

describe("defining the commands loads none of their work", () => {
  it.each([[["--help"]], [["models", "--help"]], [["chunks", "delete", "--help"]]])("platform %j", async (args) => {
    const loaded = await loadedBy(args);
    // The hook saw the start-up: the entry and every group's definition.
    expect(loaded).toEqual(expect.arrayContaining(["src/cli/main.ts", "src/cli/program.ts", "src/cli/commands/models.ts", "src/cli/commands/mcp.ts"]));
    expect(loaded.filter(outside)).toEqual([]);
    expect(loaded.filter(within([...CLI_WORK, ...COMPLETION_WORK]))).toEqual([]);
  });

  it("platform completion bash: the completion renderers, and no other work", async () => {
    const loaded = await loadedBy(["completion", "bash"]);
    expect(loaded).toEqual(expect.arrayContaining(["src/cli/main.ts", "src/cli/actions/completion.ts", "src/cli/completion/sh-script.ts"]));
    expect(loaded.filter(outside)).toEqual([]);
    expect(loaded.filter(within(CLI_WORK)).filter((file) => !COMPLETION_WORK.some((prefix) => file.startsWith(prefix)))).toEqual([]);
  });
});
