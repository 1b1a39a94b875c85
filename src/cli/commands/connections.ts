// platform connections: list, get, create, update (PATCH) and replace (PUT). Bodies come from
// --file (or stdin) and flags; provider keys belong in the file or stdin, where the process list
// cannot see them. Answers are printed as the service sent them, secrets masked. Each body flag
// is declared per operation, so it exists only where the spec's body has its field.
import { Command, Option } from "commander";
import type { ListConnectionsQuery } from "../../index.js";
import { withClient } from "../action.js";
import type { BodyFlags, BodyOptions } from "../actions/connections.js";
import { parsePositiveInteger } from "../durations.js";
import { collect } from "../repeatable-option.js";
import { bindOption, specArgument, specOption } from "../spec-flags.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/connections.js");

function createFlags(operationId: "createConnection" | "replaceConnection"): BodyOptions {
  return {
    provider: specOption("--provider <provider>", "the provider, or API for a custom API connection", { operationId, in: "body", name: "provider" }),
    ...commonFlags(operationId),
  };
}

function commonFlags(operationId: "createConnection" | "replaceConnection" | "updateConnection"): BodyOptions {
  return {
    name: specOption("--name <name>", "connectionName", { operationId, in: "body", name: "connectionName" }),
    model: specOption("--model <model>", "the provider's model", { operationId, in: "body", name: "model" }),
    status: specOption("--status <status>", "the custom connection's status", { operationId, in: "body", name: "status" }),
    field: bindOption(new Option("--field <KEY=VALUE>", "a provider field such as API_KEY=…; repeat for more (prefer --file for secrets)").argParser(collect), { operationId, in: "body", name: "fields" }),
  };
}

function withBodyOptions(command: Command, flags: BodyOptions): Command {
  command.option("--file <path>", "the JSON body, or - to read it from stdin");
  for (const option of [flags.provider?.option, flags.name.option, flags.model.option, flags.field, flags.status.option]) if (option) command.addOption(option);
  return command;
}

export function connectionsCommand(): Command {
  const group = new Command("connections").description("connections to external model providers and custom APIs");

  const filter = {
    provider: specOption("--provider <provider>", "only this provider's", { operationId: "listConnections", in: "query", name: "provider" }),
    status: specOption("--status <status>", "only connections in this status", { operationId: "listConnections", in: "query", name: "status" }),
    limit: specOption("--limit <n>", "at most this many", { operationId: "listConnections", in: "query", name: "limit" }, parsePositiveInteger),
  };
  group
    .command("list")
    .description("list connections (listConnections)")
    .addOption(filter.provider.option)
    .addOption(filter.status.option)
    .addOption(filter.limit.option)
    .addHelpText("after", "\nExamples:\n  platform connections list --status ACTIVE -o jsonl | jq -r .connectionId\n  platform connections list --json | jq .total")
    .action(
      withClient(["listConnections"], async (context, options: object) => {
        const [provider, status, limit] = [filter.provider.read(options), filter.status.read(options), filter.limit.read(options)];
        const query: ListConnectionsQuery = { ...(provider ? { provider } : {}), ...(status ? { status } : {}), ...(limit ? { limit } : {}) };
        await (await work()).list(context, query);
      }),
    );

  group
    .command("get")
    .addArgument(specArgument("<connectionId>", "cn-…", { operationId: "getConnection", in: "path", name: "connectionId" }))
    .description("one connection (getConnection)")
    .addHelpText("after", "\nExample:\n  platform connections get cn-1a2b3c4d-0000-4000-8000-000000000001 --json")
    .action(
      withClient(["getConnection"], async (context, _options, connectionId: string) => {
        await (await work()).get(context, connectionId);
      }),
    );

  const create = createFlags("createConnection");
  withBodyOptions(group.command("create").description("create a connection (createConnection)"), create)
    .addHelpText("after", "\nExamples:\n  platform connections create --file connection.json\n  jq -n '{provider:\"PROVIDER_ONE\",connectionName:\"Support\",model:\"model-large-2\",fields:{API_KEY:env.KEY}}' | platform connections create --file -")
    .action(
      withClient(["createConnection"], async (context, options: BodyFlags) => {
        await (await work()).create(context, create, options);
      }),
    );

  const update = commonFlags("updateConnection");
  withBodyOptions(
    group
      .command("update")
      .addArgument(specArgument("<connectionId>", "cn-…", { operationId: "updateConnection", in: "path", name: "connectionId" }))
      .description("change some fields of a connection (updateConnection, PATCH)"),
    update,
  )
    .addHelpText("after", "\nExample:\n  platform connections update cn-… --name 'Support (EU)' --status FINALIZED")
    .action(
      withClient(["updateConnection"], async (context, options: BodyFlags, connectionId: string) => {
        await (await work()).update(context, update, options, connectionId);
      }),
    );

  const replace = createFlags("replaceConnection");
  withBodyOptions(
    group
      .command("replace")
      .addArgument(specArgument("<connectionId>", "cn-…", { operationId: "replaceConnection", in: "path", name: "connectionId" }))
      .description("replace a custom API connection (replaceConnection, PUT)"),
    replace,
  )
    .addHelpText("after", "\nExample:\n  platform connections replace cn-… --file connection.json")
    .action(
      withClient(["replaceConnection"], async (context, options: BodyFlags, connectionId: string) => {
        await (await work()).replace(context, replace, options, connectionId);
      }),
    );

  return group;
}
