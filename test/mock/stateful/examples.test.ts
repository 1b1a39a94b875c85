// `existing: "examples"`: the models and tools the spec's examples name exist from the start, so
// a sample written with the spec's ids runs against the stateful mock as written.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_ENTITIES, resolveExisting } from "../../../src/mock/stateful/options.js";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { call, withMock } from "./helpers.js";

const spec = readFileSync(resolve(REPO_ROOT, "openapi/platform.yaml"), "utf8");
const idsIn = (text: string, pattern: RegExp) => [...new Set(text.match(pattern) ?? [])].sort();

describe('existing: "examples"', () => {
  it("holds every model and tool id the spec's examples use", () => {
    expect([...EXAMPLE_ENTITIES.models].sort()).toEqual(idsIn(spec, /\bcm-[0-9a-f]{8}\b/g));
    expect([...EXAMPLE_ENTITIES.tools].sort()).toEqual(idsIn(spec, /(?<![\w-])a-[0-9a-f]{8}\b/g));
  });

  it("resolves to those ids, and anything else but an object is refused by name", () => {
    expect(resolveExisting("examples")).toEqual({ models: [...EXAMPLE_ENTITIES.models], tools: [...EXAMPLE_ENTITIES.tools] });
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
});
