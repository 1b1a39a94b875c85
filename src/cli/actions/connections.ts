// The work of `platform connections` (../commands/connections.ts), loaded when one of its
// commands runs: the body from --file (or stdin) and flags, the call, the answer printed.
import type { Option } from "commander";
import type { CreateConnectionRequest, ListConnectionsQuery, ReplaceConnectionRequest, UpdateConnectionRequest } from "../../index.js";
import { keyValues, mergeBody, readBodyFile } from "../bodies.js";
import type { Context } from "../context.js";
import { printListDocument, printResult } from "../output/print.js";
import type { SpecOption } from "../spec-flags.js";

const TABLE = { columns: ["connectionId", "connectionName", "provider", "status"], empty: "no connections" };

export interface BodyFlags {
  file?: string;
  field?: string[];
}

/** The flags of one body: each that the operation's body has, filling its field. */
export interface BodyOptions {
  provider?: SpecOption<string>;
  name: SpecOption<string>;
  model: SpecOption<string>;
  status: SpecOption<string>;
  field: Option;
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

export async function list(context: Context, query: ListConnectionsQuery): Promise<void> {
  const found = await context.client.connections.list(query, { signal: context.signal });
  await printListDocument(context.out, found, found.connections, TABLE);
}

export async function get(context: Context, connectionId: string): Promise<void> {
  await printResult(context.out, await context.client.connections.get(connectionId, { signal: context.signal }));
}

export async function create(context: Context, flags: BodyOptions, options: BodyFlags): Promise<void> {
  const request = (await body(flags, options)) as unknown as CreateConnectionRequest;
  await printResult(context.out, await context.client.connections.create(request, { signal: context.signal }));
}

export async function update(context: Context, flags: BodyOptions, options: BodyFlags, connectionId: string): Promise<void> {
  const changes = (await body(flags, options)) as unknown as UpdateConnectionRequest;
  await printResult(context.out, await context.client.connections.update(connectionId, changes, { signal: context.signal }));
}

export async function replace(context: Context, flags: BodyOptions, options: BodyFlags, connectionId: string): Promise<void> {
  const connection = (await body(flags, options)) as unknown as ReplaceConnectionRequest;
  await printResult(context.out, await context.client.connections.replace(connectionId, connection, { signal: context.signal }));
}
