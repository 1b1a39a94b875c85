// The complete example of docs/guides/testing-with-the-mock.md ("A test of your own
// deploy-and-wait code"), run as it is written there: the block between the markers below is the
// guide's sample, byte for byte, with the package's names pointed at the sources. The last test
// keeps the two the same.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect as expectGuide, it as itGuide } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

// guide-sample-start
import { afterEach, beforeEach, expect, it } from "vitest";
import { createPlatformClient, JobFailedError, type PlatformClient } from "../../src/node.js";
import { startMock, type StatefulMockServer } from "../../src/mock/start-mock.js";

// Your code under test: deploy a model and wait until it serves.
async function deployAndWait(client: PlatformClient, modelId: string) {
  return client.models.deploy(
    modelId,
    { name: "support-model", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 }, deviceType: "g5.xlarge" },
    { modelType: "openSource", wait: { minDelayMs: 10, maxDelayMs: 50, timeoutMs: 10_000 } },
  );
}

let mock: StatefulMockServer;
let client: PlatformClient;
let modelId: string;

beforeEach(async () => {
  // A fresh mock per test: jobs answer IN_PROGRESS twice, then end.
  mock = await startMock({ stateful: true, jobs: { polls: 2 } });
  client = createPlatformClient({ baseUrl: mock.url, apiKey: "test-key", jwt: "test.jwt" });
  // Only an imported model can be deployed, so each test imports one first.
  const imported = await client.models.import({ source: new Blob(["model bytes"]), fileName: "model.tar", wait: { minDelayMs: 10 } });
  modelId = imported.modelId!;
});
afterEach(() => mock.stop());

it("returns the finished deploy job", async () => {
  const job = await deployAndWait(client, modelId);
  expect(job).toMatchObject({ status: "SUCCESS", action: "DEPLOY", modelId });
  // The mock answered IN_PROGRESS twice before SUCCESS: three polls of this job.
  expect(mock.requests({ operationId: "getDockStatus" }).filter((r) => r.url.endsWith(job.dockStatusId))).toHaveLength(3);
});

it("surfaces a failed deploy", async () => {
  mock.failNextJob();
  await expect(deployAndWait(client, modelId)).rejects.toBeInstanceOf(JobFailedError);
});

it("rides out a flaky status endpoint", async () => {
  mock.inject({ operation: "getDockStatus", kind: "503", nth: [1, 2] });
  mock.inject({ operation: "getDockStatus", kind: "429", nth: 4, retryAfterSeconds: 0 });
  expect((await deployAndWait(client, modelId)).status).toBe("SUCCESS");
});

it("refuses a model that was never imported, as the service does", async () => {
  await expect(deployAndWait(client, "cm-never-imported")).rejects.toMatchObject({ status: 404 });
});
// guide-sample-end

itGuide("is the guide's example, byte for byte", () => {
  const own = readFileSync(new URL(import.meta.url), "utf8");
  const sample = own.slice(own.indexOf("// guide-sample-start\n") + "// guide-sample-start\n".length, own.indexOf("// guide-sample-end"));
  const guide = readFileSync(resolve(REPO_ROOT, "docs/guides/testing-with-the-mock.md"), "utf8");
  const asPublished = sample.replace('"../../src/node.js"', '"@platform/management-client/node"').replace('"../../src/mock/start-mock.js"', '"@platform/management-client/mock"');
  expectGuide(guide).toContain("```ts\n" + asPublished + "```");
});
