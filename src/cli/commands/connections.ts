// platform connections: list, get, create, update (PATCH) and replace (PUT). Bodies come from
// --file (or stdin) and flags; provider keys belong in the file or stdin, where the process list
// cannot see them. Answers are printed as the service sent them, secrets masked. Each body flag
// is declared per operation, so it exists only where the spec's body has its field.
import { Command, Option } from "commander";
import type { CreateConnectionRequest, ListConnectionsQuery, ReplaceConnectionRequest, UpdateConnectionRequest } from "../../index.js";
import { withClient } from "../action.js";
import { collect, keyValues, mergeBody, readBodyFile } from "../bodies.js";
import { parsePositiveInteger } from "../durations.js";
import { printListDocument, printResult } from "../output/print.js";
import { bindOption, specArgument, specOption, type SpecOption } from "../spec-flags.js";

const TABLE = { columns: ["connectionId", "connectionName", "provider", "status"], empty: "no connections" };

interface BodyFlags {
  file?: string;
  field?: string[];
}

/** The flags of one body: each that the operation's body has, filling its field. */
interface BodyOptions {
  provider?: SpecOption<string>;
  name: SpecOption<string>;
  model: SpecOption<string>;
  status: SpecOption<string>;
  field: Option;
}

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

async function body(flags: BodyOptions, options: BodyFlags): Promise<Record<string, unknown>> {
  const fromFile = await readBodyFile(options.file);
  const fields =
    options.field === undefined ? undefined : { ...((fromFile.fields as Record<string, unknown> | undefined) ?? {}), ...keyValues(options.field, "--field") };
  return mergeBody(fromFile, {
    provider: flags.provider?.read(options),
    connectionName: flags.name.read(options),
    model: flags.model.read(options),
    fields,
    status: flags.status.read(options),
  });
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
        const list = await context.client.connections.list(query, { signal: context.signal });
        await printListDocument(context.out, list, list.connections, TABLE);
      }),
    );

  group
    .command("get")
    .addArgument(specArgument("<connectionId>", "cn-…", { operationId: "getConnection", in: "path", name: "connectionId" }))
    .description("one connection (getConnection)")
    .addHelpText("after", "\nExample:\n  platform connections get cn-1a2b3c4d-0000-4000-8000-000000000001 --json")
    .action(
      withClient(["getConnection"], async (context, _options, connectionId: string) => {
        await printResult(context.out, await context.client.connections.get(connectionId, { signal: context.signal }));
      }),
    );

  const create = createFlags("createConnection");
  withBodyOptions(group.command("create").description("create a connection (createConnection)"), create)
    .addHelpText("after", "\nExamples:\n  platform connections create --file connection.json\n  jq -n '{provider:\"PROVIDER_ONE\",connectionName:\"Support\",model:\"model-large-2\",fields:{API_KEY:env.KEY}}' | platform connections create --file -")
    .action(
      withClient(["createConnection"], async (context, options: BodyFlags) => {
        const request = (await body(create, options)) as unknown as CreateConnectionRequest;
        await printResult(context.out, await context.client.connections.create(request, { signal: context.signal }));
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
        const changes = (await body(update, options)) as unknown as UpdateConnectionRequest;
        await printResult(context.out, await context.client.connections.update(connectionId, changes, { signal: context.signal }));
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
        const connection = (await body(replace, options)) as unknown as ReplaceConnectionRequest;
        await printResult(context.out, await context.client.connections.replace(connectionId, connection, { signal: context.signal }));
      }),
    );

  return group;
}
