// A tool's run reads its arguments typed from their schemas (the spec's generated types for a spec
// argument, the schema's `type` for the server's own), with no cast: these are checked by the
// compiler (`npm run typecheck`), so an argument that loses its type fails the build.
import { describe, expectTypeOf, it } from "vitest";
import type { CreateConnectionRequest, GuardrailName, ListConnectionsQuery, UpdateConnectionRequest } from "../../src/index.js";
import type { ToolCall } from "../../src/mcp/tool.js";
import type { createConnection, listConnections, updateConnection } from "../../src/mcp/tools/connections.js";
import type { importModel, resumeModelImport } from "../../src/mcp/tools/model-import.js";
import type { deployTool, exportTool, importTool } from "../../src/mcp/tools/platform-tools.js";
import type { undeploy } from "../../src/mcp/tools/undeploy.js";

type Args<T> = T extends { run(args: infer A, call: ToolCall): unknown } ? A : never;

describe("tool arguments, typed from their schemas", () => {
  it("connections: the query's parameters and the bodies as the spec types them", () => {
    expectTypeOf<Args<typeof listConnections>["limit"]>().toEqualTypeOf<ListConnectionsQuery["limit"]>();
    expectTypeOf<Args<typeof listConnections>["provider"]>().toEqualTypeOf<ListConnectionsQuery["provider"]>();
    expectTypeOf<Args<typeof createConnection>["connection"]>().toEqualTypeOf<CreateConnectionRequest>();
    expectTypeOf<Args<typeof updateConnection>["changes"]>().toEqualTypeOf<UpdateConnectionRequest>();
    expectTypeOf<Args<typeof updateConnection>["connectionId"]>().toEqualTypeOf<string>();
  });

  it("model import: the server's own arguments by their schemas' type, required ones present", () => {
    expectTypeOf<Args<typeof importModel>["path"]>().toEqualTypeOf<string>();
    expectTypeOf<Args<typeof importModel>["chunkSize"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Args<typeof importModel>["isAdapter"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Args<typeof resumeModelImport>["stateFile"]>().toEqualTypeOf<string>();
    expectTypeOf<Args<typeof resumeModelImport>["concurrency"]>().toEqualTypeOf<number | undefined>();
  });

  it("platform tools and undeploy: each file's id and path, and the guardrail's name as the client takes it", () => {
    expectTypeOf<Args<typeof importTool>["toolDataPath"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Args<typeof importTool>["envVariablesFileId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Args<typeof exportTool>["flowId"]>().toEqualTypeOf<string>();
    expectTypeOf<Args<typeof deployTool>["isAsync"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Args<typeof undeploy>["name"]>().toEqualTypeOf<GuardrailName | undefined>();
  });
});
