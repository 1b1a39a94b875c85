// The `platform` command: global options, the command groups, and the help that documents the
// environment and the exit codes.
import { Command } from "commander";
import { attachmentsCommand } from "./commands/attachments.js";
import { chunksCommand } from "./commands/chunks.js";
import { connectionsCommand } from "./commands/connections.js";
import { filesCommand } from "./commands/files.js";
import { guardrailsCommand } from "./commands/guardrails.js";
import { jobsCommand } from "./commands/jobs.js";
import { mcpCommand } from "./commands/mcp.js";
import { modelsCommand } from "./commands/models.js";
import { toolsCommand } from "./commands/tools.js";

const ROOT_HELP = `
Environment:
  PLATFORM_BASE_URL   the service's base URL (or PLATFORM_HOST: its host name)
  PLATFORM_API_KEY    sent as x-api-key (every operation but the chunk ones)
  PLATFORM_JWT        sent as auth (the chunk operations)

Exit codes:
  0 done   2 usage   3 API error   4 job failed   5 timeout   130 interrupted

Examples:
  platform models import model.tar --wait --json
  platform chunks list st-0a1b2c3d --where sourceName=handbook.pdf --json
  platform guardrails deploy Toxicity --wait --timeout 10m`;

export function buildProgram(version: string): Command {
  const program = new Command("platform")
    .description("The platform's management interface from the shell: connections, chunks, model import and deploys, tools, guardrails, attachments, jobs.")
    .version(version)
    .option("--base-url <url>", "the service's base URL (default: PLATFORM_BASE_URL)")
    .option("--host <host>", "the service's host name (default: PLATFORM_HOST)")
    .option("--api-key <key>", "the API key (default: PLATFORM_API_KEY; the environment keeps it out of the process list)")
    .option("--jwt <token>", "the JWT for chunk operations (default: PLATFORM_JWT)")
    .option("--json", "print only JSON on stdout: one document, or JSON Lines for listings")
    .showHelpAfterError("(add --help for usage)")
    .addHelpText("after", ROOT_HELP);
  for (const group of [connectionsCommand(), chunksCommand(), modelsCommand(), toolsCommand(), guardrailsCommand(), attachmentsCommand(), filesCommand(), jobsCommand()]) {
    program.addCommand(group.addHelpText("after", "\nRun `platform help " + group.name() + " <command>` for a command's flags and an example."));
  }
  program.addCommand(mcpCommand());
  return program;
}
