// The tools as clients see them: each schema kept as a reviewed snapshot (test/mcp/__toolsnaps__,
// as github-mcp-server keeps its own), valid and self-contained JSON Schema, described in the
// spec's words, with secrets asked for as references, and annotations that agree with the spec.
// The tool list in the guide is rendered from the same listing. A change to any of them fails
// here until reviewed: UPDATE_TOOLSNAPS=true npx vitest run test/mcp/tool-table.test.ts rewrites
// the snapshots and the guide's list, for `git diff` to show.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { memberAt } from "../../scripts/lib/json-members.mjs";
import { REPO_ROOT, derefRecord, listOperations, loadSpec, operationNodes } from "../../scripts/lib/spec.mjs";
import { createMcpServer } from "../../src/mcp.js";
import { OPERATION_TOOLS } from "../../src/mcp/operation-tools.js";
import { createPlatformClient } from "../../src/node.js";
import { pairsOf, validationErrorOf } from "../support/validation-issues.js";
import { renderToolList, TOOL_LIST_END, TOOL_LIST_START } from "./support/tool-list.js";

const SNAPSHOTS = resolve(REPO_ROOT, "test/mcp/__toolsnaps__");
const GUIDE = resolve(REPO_ROOT, "docs/guides/agents-and-mcp.md");
const UPDATE = process.env.UPDATE_TOOLSNAPS === "true";
// Rewriting the snapshots and then comparing them with themselves proves nothing: never in CI.
if (UPDATE && process.env.CI) throw new Error("UPDATE_TOOLSNAPS rewrites the reviewed snapshots; it is refused under CI");
const REVIEW = "review the change, then rewrite with UPDATE_TOOLSNAPS=true npx vitest run test/mcp/tool-table.test.ts";

const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: "unused-key-123" });
const { tools } = createMcpServer(client);
const spec = loadSpec();
const byName = (name: string) => tools.find((t) => t.name === name)!;
const properties = (tool: Tool) => tool.inputSchema.properties as Record<string, Record<string, unknown>>;

describe("snapshots of the tools' schemas", () => {
  it.each(tools.map((t) => [t.name, t] as const))("%s matches its reviewed snapshot", (name, tool) => {
    const file = join(SNAPSHOTS, `${name}.snap.json`);
    const now = `${JSON.stringify(tool, null, 2)}\n`;
    if (UPDATE) {
      mkdirSync(SNAPSHOTS, { recursive: true });
      writeFileSync(file, now);
    }
    expect(existsSync(file), `no snapshot for ${name}: ${REVIEW}`).toBe(true);
    expect(now, `${name} changed: ${REVIEW}`).toBe(readFileSync(file, "utf8"));
  });

  it("has no snapshot of a tool that is gone", () => {
    expect(readdirSync(SNAPSHOTS).sort()).toEqual(tools.map((t) => `${t.name}.snap.json`).sort());
  });

  it("the guide's tool list is the server's", () => {
    const guide = readFileSync(GUIDE, "utf8");
    const start = guide.indexOf(TOOL_LIST_START);
    const end = guide.indexOf(TOOL_LIST_END);
    expect(start, "the guide marks its tool list").toBeGreaterThan(-1);
    const now = `${TOOL_LIST_START}\n${renderToolList(tools)}\n`;
    if (UPDATE) writeFileSync(GUIDE, guide.slice(0, start) + now + guide.slice(end));
    expect(readFileSync(GUIDE, "utf8").slice(start, readFileSync(GUIDE, "utf8").indexOf(TOOL_LIST_END)), REVIEW).toBe(now);
  });
});

describe("the schemas", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  it.each(tools.map((t) => [t.name, t] as const))("%s: valid JSON Schema, self-contained, no marker left", (_name, tool) => {
    expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
    const text = JSON.stringify(tool.inputSchema);
    for (const [, target] of text.matchAll(/"\$ref":"([^"]+)"/g)) expect(target).toMatch(/^#\/\$defs\/\w+$/);
    for (const [, name] of text.matchAll(/"\$ref":"#\/\$defs\/(\w+)"/g)) expect((tool.inputSchema as { $defs?: object }).$defs).toHaveProperty(name!);
    expect(text).not.toContain("x-secret");
    expect(tool.inputSchema.additionalProperties).toBe(false);
  });

  it("describe their arguments in the spec's words", () => {
    const parameter = (name: string) => derefRecord(spec, memberAt(spec, "components", "parameters", name));
    const schemaAt = (...keys: string[]) => memberAt(spec, "components", "schemas", ...keys);
    expect(properties(byName("deploy_model")).modelId!.description).toBe(parameter("ModelIdPath").description);
    expect(properties(byName("deploy_model")).modelType!.description).toBe(parameter("ModelTypeQuery").description);
    expect(properties(byName("wait_for_job")).dockStatusId!.description).toBe(parameter("DockStatusIdPath").description);
    expect(properties(byName("list_chunks")).nextCursor!.description).toBe(schemaAt("ListChunksRequest", "properties", "nextCursor", "description"));
    expect(properties(byName("deploy_model")).hyperParameters!.properties).toEqual(schemaAt("HyperParameters", "properties"));
  });

  it("ask for a reference wherever the spec has a secret value, and accept nothing else there", () => {
    const create = byName("create_connection");
    const shapes = properties(create).connection!.oneOf as Array<{
      title: string;
      properties: Record<string, { properties?: Record<string, unknown>; items?: { properties: Record<string, unknown> } }>;
    }>;
    const providerOne = shapes.find((s) => s.title === "PROVIDER_ONE connection")!;
    const custom = shapes.find((s) => s.title === "Custom API connection, Default Provider")!;
    for (const secret of [providerOne.properties.fields!.properties!.API_KEY, custom.properties.headers!.items!.properties.value]) {
      expect(secret).toMatchObject({ type: "string", pattern: "^(env|file):(.+)$" });
      const validate = ajv.compile(secret as object);
      expect(validate("env:PROVIDER_KEY")).toBe(true);
      expect(validate("file:/run/secrets/provider.key")).toBe(true);
      expect(validate("sk-a-literal-key")).toBe(false);
    }
    // No tool takes the server's own credential in any form.
    expect(JSON.stringify(tools)).not.toMatch(/"(apiKey|jwt|x-api-key|auth)"\s*:/);
  });
});

describe("coverage and annotations", () => {
  it("every operation of the spec has a tool that is listed", () => {
    const listed = new Set(tools.map((t) => t.name));
    expect(Object.keys(OPERATION_TOOLS).sort()).toEqual(listOperations(spec).map((o) => o.operationId).sort());
    for (const [operationId, offeredBy] of Object.entries(OPERATION_TOOLS)) {
      for (const tool of offeredBy as readonly string[]) expect(listed.has(tool), `${operationId} → ${tool}`).toBe(true);
    }
    expect(tools.length).toBeLessThanOrEqual(20);
  });

  it("idempotentHint is true exactly when every operation a tool offers is x-retry-safe in the spec", () => {
    const retrySafe = new Map(operationNodes(spec).map(({ op, operation }) => [op.operationId, operation["x-retry-safe"] === true]));
    for (const tool of tools) {
      const offered = Object.entries(OPERATION_TOOLS).filter(([, names]) => (names as readonly string[]).includes(tool.name)).map(([id]) => id);
      expect(tool.annotations?.idempotentHint, tool.name).toBe(offered.every((id) => retrySafe.get(id)));
    }
    expect(byName("undeploy").annotations?.idempotentHint).toBe(true);
    expect(byName("create_connection").annotations?.idempotentHint).toBe(false);
  });

  it("the destructive tools are those that remove, stop or overwrite; the ones that remove or stop need consent; read-only tools change nothing", () => {
    const destructive = tools.filter((t) => t.annotations?.destructiveHint).map((t) => t.name);
    // replace_connection clears what it leaves out; the updates overwrite what they name.
    expect(destructive.sort()).toEqual(["delete_attachment", "delete_chunks", "replace_connection", "undeploy", "update_chunk", "update_connection"]);
    expect(tools.filter((t) => "confirm" in properties(t)).map((t) => t.name).sort()).toEqual(["delete_attachment", "delete_chunks", "undeploy"]);
    expect(tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name).sort()).toEqual(["get_connection", "list_chunks", "list_connections", "wait_for_job"]);
    expect(tools.every((t) => t.annotations?.openWorldHint === false)).toBe(true);
  });

  it("maxWaitSeconds is offered by every tool that waits, bounded by the server's bound", () => {
    const bounded = createMcpServer(client, { maxWaitSeconds: 120 }).tools;
    for (const tool of bounded.filter((t) => "maxWaitSeconds" in properties(t))) {
      expect(properties(tool).maxWaitSeconds).toMatchObject({ maximum: 120, default: 120, minimum: 0 });
    }
    expect(bounded.filter((t) => "maxWaitSeconds" in properties(t)).map((t) => t.name).sort()).toEqual(
      ["deploy_guardrail", "deploy_model", "deploy_tool", "export_model", "export_tool", "import_model", "import_tool", "resume_model_import", "undeploy", "wait_for_job"],
    );
  });
});

describe("options", () => {
  it("are checked when the server is made, naming the option", () => {
    expect(() => createMcpServer(client, { maxWaitSeconds: 0 })).toThrow(/maxWaitSeconds must be/);
    expect(() => createMcpServer(client, { maxWaitSeconds: 3601 })).toThrow(/maxWaitSeconds must be a number of seconds above 0 and at most 3600/);
    expect(createMcpServer(client, { maxWaitSeconds: 3600 }).tools.length).toBeGreaterThan(0);
    // A poll schedule the waiter would refuse fails here, before any job has started.
    expect(() => createMcpServer(client, { poll: { minDelayMs: 40_000 } })).toThrow(/^poll\.maxDelayMs must be >= minDelayMs \(40000\) \(got 30000, the default\)$/);
    expect(() => createMcpServer(client, { poll: { minDelayMs: 5, maxDelayMs: 4 } })).toThrow(/^poll\.maxDelayMs must be >= minDelayMs \(5\) \(got 4\)$/);
    expect(() => createMcpServer(client, { poll: { minDelay: 5 } } as never)).toThrow(/^poll\.minDelay is not an option; did you mean poll\.minDelayMs\?$/);
    expect(createMcpServer(client, { poll: { minDelayMs: 40_000, maxDelayMs: 60_000 } }).tools.length).toBeGreaterThan(0);
    expect(() => createMcpServer(client, { readonly: true } as never)).toThrow(/readonly is not an option; did you mean readOnly\?/);
    expect(() => createMcpServer({} as never)).toThrow(/client must be a client/);
  });

  // The client's convention for a bad option: one ValidationError with every issue, each named.
  it("are refused all at once, in one ValidationError naming each field and rule", () => {
    const refusal = validationErrorOf(() =>
      createMcpServer(client, { readonly: true, maxWaitSeconds: -1, poll: { minDelayMs: "1" }, secretEnv: ["BAD-NAME"] } as never),
    );
    expect(pairsOf(refusal)).toEqual([
      ["readonly", "unknownOption"],
      ["maxWaitSeconds", "range"],
      ["poll.minDelayMs", "type"],
      ["secretEnv[0]", "pattern"],
    ]);
    expect(refusal.message).toMatch(/^readonly is not an option; did you mean readOnly\?; maxWaitSeconds must be /);
  });
});
