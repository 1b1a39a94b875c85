// `existing: "examples"`: the models and tools the spec's examples name exist from the start, so
// a sample written with the spec's ids runs against the stateful mock as written.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_ENTITIES, resolveExisting } from "../../../src/mock/stateful/options.js";
import { EXAMPLE_RECORDS } from "../../../src/mock/stateful/state/example-records.js";
import { loadSpec, REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { call, withMock } from "./helpers.js";

const spec = readFileSync(resolve(REPO_ROOT, "openapi/platform.yaml"), "utf8");
const idsIn = (text: string, pattern: RegExp) => [...new Set(text.match(pattern) ?? [])].sort();

describe('existing: "examples"', () => {
  it("holds every model and tool id the spec's examples use", () => {
    expect([...EXAMPLE_ENTITIES.models].sort()).toEqual(idsIn(spec, /\bcm-[0-9a-f]{8}\b/g));
    expect([...EXAMPLE_ENTITIES.tools].sort()).toEqual(idsIn(spec, /(?<![\w-])a-[0-9a-f]{8}\b/g));
  });

  it("resolves to those ids, and anything else but an object is refused by name", () => {
    expect(resolveExisting("examples")).toEqual({ models: [...EXAMPLE_ENTITIES.models], tools: [...EXAMPLE_ENTITIES.tools], records: true });
    expect(() => resolveExisting("all")).toThrow('startMock: existing must be "examples" or an object { models?, tools? }');
  });

  it("lets the spec's example model be deployed and its example tool exported, which an empty mock refuses", async () => {
    const [model] = EXAMPLE_ENTITIES.models;
    const [tool] = EXAMPLE_ENTITIES.tools;
    const deploy = { name: "support-model", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 }, deviceType: "g5.xlarge" };
    await withMock({ existing: "examples" }, async (mock) => {
      expect((await call(mock, "POST", `/api/public/models/${model}/deploy?modelType=openSource`, deploy)).status).toBe(200);
      expect((await call(mock, "POST", `/api/public/tools/${tool}/export?flowId=${tool}`, {})).status).toBe(200);
    });
    await withMock({}, async (mock) => {
      expect((await call(mock, "POST", `/api/public/models/${model}/deploy?modelType=openSource`, deploy)).status).toBe(404);
    });
  });

  it("holds the other records the spec's examples name, each as the operation that uses it finds it", async () => {
    const parsed = loadSpec() as {
      components: { parameters: Record<string, { example: string }>; examples: Record<string, { value: Record<string, unknown> }> };
    };
    const { parameters, examples } = parsed.components;
    const { connections, session, job, attachment, files } = EXAMPLE_RECORDS;
    expect(connections.provider).toBe(parameters.ConnectionIdPath!.example);
    const listed = (examples.ConnectionList!.value.connections as Array<{ connectionId: string; provider: string }>).map((c) => [c.provider, c.connectionId]);
    expect(listed).toEqual([["PROVIDER_ONE", connections.provider], ["API", connections.custom]]);
    expect(session.sessionId).toBe(parameters.SessionIdPath!.example);
    expect(session.modelId).toBe(examples.ImportSessionStarted!.value.modelId);
    expect(job).toBe(parameters.DockStatusIdPath!.example);
    expect([attachment.appId, attachment.envName, attachment.fileId]).toEqual([
      parameters.AppIdPath!.example,
      parameters.EnvNamePath!.example,
      parameters.FileIdPath!.example,
    ]);
    const fileIds = ["ImportTool", "ImportIntoTool"].flatMap((name) => ["toolDataFileId", "flowDataFileId", "envVariablesFileId"].map((key) => examples[name]!.value[key]));
    expect([...files]).toEqual(fileIds);

    await withMock({ existing: "examples" }, async (mock) => {
      expect((await call(mock, "GET", `/api/public/connections/${connections.provider}`)).status).toBe(200);
      expect((await call(mock, "PATCH", `/api/public/connections/${connections.provider}`, { fields: { API_KEY: "sk-rotated-example" } })).status).toBe(200);
      const custom = { provider: "API", connectionName: "Search", endpointUrl: "https://search.internal.invalid/v2", payload: { q: "{{prompt}}" }, outputPath: "answer", status: "FINALIZED" };
      expect((await call(mock, "PUT", `/api/public/connections/${connections.custom}`, custom)).status).toBe(200);
      expect((await call(mock, "GET", `/api/public/dock-status/${job}`)).body).toMatchObject({ _id: job, status: "SUCCESS" });
      expect((await call(mock, "POST", `/api/public/files/session/${session.sessionId}/complete`)).body).toMatchObject({ modelId: session.modelId, action: "IMPORT" });
      const tool = { toolName: "Order lookup", toolDataFileId: files[0], flowDataFileId: files[1], envVariablesFileId: files[2] };
      expect((await call(mock, "POST", "/api/public/tools/import", tool)).status).toBe(200);
      expect((await call(mock, "DELETE", `/api/v2/apps/${attachment.appId}/environments/${attachment.envName}/attachments/${attachment.fileId}`)).status).toBe(200);
    });
  });
});
