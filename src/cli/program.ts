// The `platform` command: global options, the command groups, and the help that documents the
// environment, the profiles, the output formats and the exit codes.
import { Command, Option } from "commander";
import { SPEC_VERSION } from "../generated/spec-version.js";
import { attachmentsCommand } from "./commands/attachments.js";
import { chunksCommand } from "./commands/chunks.js";
import { completionCommand } from "./commands/completion.js";
import { configureCommand } from "./commands/configure.js";
import { driftCommand } from "./commands/drift.js";
import { connectionsCommand } from "./commands/connections.js";
import { filesCommand } from "./commands/files.js";
import { guardrailsCommand } from "./commands/guardrails.js";
import { helpCommand } from "./commands/help.js";
import { jobsCommand } from "./commands/jobs.js";
import { mcpCommand } from "./commands/mcp.js";
import { modelsCommand } from "./commands/models.js";
import { toolsCommand } from "./commands/tools.js";
import { OUTPUT_FORMATS } from "./output/format.js";

const ROOT_HELP = `
Settings (flags win over the environment, the environment over the profile):
  --base-url, PLATFORM_BASE_URL   the service's base URL (or --host, PLATFORM_HOST: its host name)
  --api-key, PLATFORM_API_KEY     sent as x-api-key (every operation but the chunk ones)
  --jwt, PLATFORM_JWT             sent as auth (the chunk operations)
  --profile, PLATFORM_PROFILE     a profile saved by \`platform configure\` (default: "default")
  --debug, PLATFORM_DEBUG=1       a line per request and answer on stderr
  --record-drift FILE             answers checked against the spec, departures added to FILE
Prefer the environment or a profile for credentials: a flag's value shows in the process list.

Output (-o): table (the default; fits the terminal, --wide for every field), json (one
document; a listing is an array), jsonl (a record per line), yaml. Only results go to stdout.

Exit codes:
  0 done   1 unexpected failure of the command line   2 usage or local file
  3 API error   4 job failed   5 timeout   6 cancelled at a confirmation
  7 drift found (platform drift --fail-on-drift)   130 interrupted (Ctrl-C, SIGTERM, SIGHUP)

Examples:
  platform configure --profile staging
  platform models import model.tar --wait --json
  platform chunks list st-0a1b2c3d --where sourceName=handbook.pdf -o jsonl
  platform guardrails deploy Toxicity --wait --timeout 10m
  platform help connections list`;

export function buildProgram(packageVersion: string): Command {
  const program = new Command("platform")
    .description("The platform's management interface from the shell: connections, chunks, model import and deploys, tools, guardrails, attachments, jobs.")
    .version(`platform ${packageVersion} (spec ${SPEC_VERSION})`, "-V, --version", "print the package's and the spec's versions")
    .option("--base-url <url>", "the service's base URL (default: PLATFORM_BASE_URL, then the profile's)")
    .option("--host <host>", "the service's host name, instead of --base-url (default: PLATFORM_HOST)")
    .option("--api-key <key>", "the API key (default: PLATFORM_API_KEY, then the profile's; the process list shows a flag)")
    .option("--jwt <token>", "the JWT for chunk operations (default: PLATFORM_JWT, then the profile's)")
    .option("--profile <name>", "the profile to read settings from (default: PLATFORM_PROFILE, else \"default\")")
    .addOption(new Option("-o, --output <format>", "the output format").choices(OUTPUT_FORMATS))
    .option("--json", "the same as -o json")
    .option("--wide", "tables show every field, whole")
    .option("--debug", "print each request and answer on stderr (default: PLATFORM_DEBUG)")
    .option("--no-debug", "print no debug lines, whatever PLATFORM_DEBUG says")
    .option("--record-drift <file>", "check every answer against the spec and add what departs to this drift report (see platform drift)")
    .showHelpAfterError("(add --help for usage)")
    .helpCommand(false)
    .addHelpText("after", ROOT_HELP);
  const groups = [
    connectionsCommand(), chunksCommand(), modelsCommand(), toolsCommand(), guardrailsCommand(), attachmentsCommand(), filesCommand(), jobsCommand(),
  ];
  for (const group of groups) {
    program.addCommand(group.addHelpText("after", `\nRun \`platform help ${group.name()} <command>\` for a command's flags and an example.`));
  }
  program.addCommand(configureCommand());
  program.addCommand(completionCommand(program));
  program.addCommand(helpCommand(program));
  program.addCommand(mcpCommand());
  program.addCommand(driftCommand());
  return program;
}
