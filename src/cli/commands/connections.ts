// platform connections: list, get, create, update (PATCH) and replace (PUT). Bodies come from
// --file (or stdin) and flags; provider keys belong in the file or stdin, where the process list
// cannot see them. Answers are printed as the service sent them, secrets masked.
import { Command } from "commander";
import type { CreateConnectionRequest, ListConnectionsQuery, ReplaceConnectionRequest, UpdateConnectionRequest } from "../../index.js";
import { withClient } from "../action.js";
import { collect, keyValues, mergeBody, readBodyFile } from "../bodies.js";
import { parsePositiveInteger } from "../durations.js";
import { formatTable, printItem, printResult } from "../output.js";

interface BodyFlags {
  file?: string;
  provider?: string;
  name?: string;
  model?: string;
  field?: string[];
  status?: string;
}

const bodyOptions = (command: Command) =>
  command
    .option("--file <path>", "the JSON body, or - to read it from stdin")
    .option("--provider <provider>", "PROVIDER_ONE, PROVIDER_TWO, … or API for a custom API connection")
    .option("--name <name>", "connectionName")
    .option("--model <model>", "the provider's model")
    .option("--field <KEY=VALUE>", "a provider field such as API_KEY=…; repeat for more (prefer --file for secrets)", collect)
    .option("--status <status>", "ACTIVE, DRAFT, …");

async function body({ file, provider, name, model, field, status }: BodyFlags): Promise<Record<string, unknown>> {
  const fromFile = await readBodyFile(file);
  const fields = field === undefined ? undefined : { ...((fromFile["fields"] as Record<string, unknown> | undefined) ?? {}), ...keyValues(field, "--field") };
  return mergeBody(fromFile, { provider, connectionName: name, model, fields, status });
}

export function connectionsCommand(): Command {
  const group = new Command("connections").description("connections to external model providers and custom APIs");

  group
    .command("list")
    .description("list connections (listConnections)")
    .option("--provider <provider>", "only this provider's")
    .option("--status <status>", "only connections in this status")
    .option("--limit <n>", "at most this many", parsePositiveInteger)
    .addHelpText("after", "\nExample:\n  platform connections list --status ACTIVE --json | jq -r '.connectionId'")
    .action(
      withClient(["listConnections"], async (context, options: { provider?: string; status?: string; limit?: number }) => {
        const query = { ...(options.provider ? { provider: options.provider } : {}), ...(options.status ? { status: options.status } : {}), ...(options.limit ? { limit: options.limit } : {}) };
        const list = await context.client.connections.list(query as ListConnectionsQuery, { signal: context.signal });
        if (context.json) for (const connection of list.connections) printItem(connection);
        else printResult(context, list, () => (list.connections.length === 0 ? "no connections" : formatTable(list.connections as unknown as Record<string, unknown>[], ["connectionId", "connectionName", "provider", "status"])));
      }),
    );

  group
    .command("get")
    .argument("<connectionId>", "cn-…")
    .description("one connection (getConnection)")
    .addHelpText("after", "\nExample:\n  platform connections get cn-1a2b3c4d-0000-4000-8000-000000000001 --json")
    .action(
      withClient(["getConnection"], async (context, _options, connectionId: string) => {
        printResult(context, await context.client.connections.get(connectionId, { signal: context.signal }));
      }),
    );

  bodyOptions(group.command("create").description("create a connection (createConnection)"))
    .addHelpText("after", "\nExamples:\n  platform connections create --file connection.json\n  jq -n '{provider:\"PROVIDER_ONE\",connectionName:\"Support\",model:\"model-large-2\",fields:{API_KEY:env.KEY}}' | platform connections create --file -")
    .action(
      withClient(["createConnection"], async (context, options: BodyFlags) => {
        const request = (await body(options)) as unknown as CreateConnectionRequest;
        printResult(context, await context.client.connections.create(request, { signal: context.signal }));
      }),
    );

  bodyOptions(group.command("update").argument("<connectionId>", "cn-…").description("change some fields of a connection (updateConnection, PATCH)"))
    .addHelpText("after", "\nExample:\n  platform connections update cn-… --name 'Support (EU)' --status ACTIVE")
    .action(
      withClient(["updateConnection"], async (context, options: BodyFlags, connectionId: string) => {
        const changes = (await body(options)) as unknown as UpdateConnectionRequest;
        printResult(context, await context.client.connections.update(connectionId, changes, { signal: context.signal }));
      }),
    );

  bodyOptions(group.command("replace").argument("<connectionId>", "cn-…").description("replace a custom API connection (replaceConnection, PUT)"))
    .addHelpText("after", "\nExample:\n  platform connections replace cn-… --file connection.json")
    .action(
      withClient(["replaceConnection"], async (context, options: BodyFlags, connectionId: string) => {
        const connection = (await body(options)) as unknown as ReplaceConnectionRequest;
        printResult(context, await context.client.connections.replace(connectionId, connection, { signal: context.signal }));
      }),
    );

  return group;
}
