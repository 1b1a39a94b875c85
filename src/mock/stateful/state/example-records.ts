// What the spec's examples name besides models and tools, there from the start with `existing:
// "examples"` (`--examples`), so that the API reference's samples, generated from those examples,
// run as written against the mock the docs start: the two connections of the ConnectionList
// example (a provider one, whose key the update sample rotates, and a custom API one, which the
// replace sample replaces), the import session of the session examples with every chunk arrived
// (the upload sample sends chunk 0 again, the complete sample completes it), the job of the
// ImportCompleted example, the attachment of the attachment examples and the uploaded files the
// tool import examples name. test/mock/example-records.test.ts holds each id to the spec.
import { present } from "../../../kernel/present.js";
import type { MockContext } from "../context.js";

const SEEDED_AT = "2025-03-14T09:26:53.589Z";
const MiB = 1024 * 1024;
// A digest for bytes the mock never saw: the records keep sizes and digests only.
const UNSEEN = "0".repeat(64);

export const EXAMPLE_RECORDS = Object.freeze({
  connections: Object.freeze({ provider: "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10", custom: "cn-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" }),
  session: Object.freeze({ sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c", modelId: "cm-4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8" }),
  job: "ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  attachment: Object.freeze({ appId: "st-0a1b2c3d", envName: "dev", fileId: "f-1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b" }),
  files: Object.freeze([
    "67d3f0a2b4c5d6e7f8091a2b", "67d3f0a2b4c5d6e7f8091a2c", "67d3f0a2b4c5d6e7f8091a2d", "67d3f0a2b4c5d6e7f8091a3b", "67d3f0a2b4c5d6e7f8091a3c",
    "67d3f0a2b4c5d6e7f8091a3d",
  ]),
});

const FILE_NAMES = ["tool-data.json", "flow-data.json", "env-variables.json"];

/** Adds the example records to a fresh context. */
export function addExampleRecords(context: MockContext): void {
  const { connections, session, job, attachment, files } = EXAMPLE_RECORDS;
  context.connections.create(
    connections.provider,
    { provider: "PROVIDER_ONE", connectionName: "Support assistant", model: "model-large-2", fields: { API_KEY: "sk-example-provider-one-key" } },
    SEEDED_AT,
  );
  context.connections.create(
    connections.custom,
    {
      provider: "API",
      connectionName: "Internal search API",
      status: "INACTIVE",
      endpointUrl: "https://search.internal.invalid/v1/query",
      payload: { query: "{{prompt}}" },
      outputPath: "results[0].text",
    },
    SEEDED_AT,
  );
  const sizes = [8 * MiB, 8 * MiB, 4 * MiB];
  context.sessions.add({
    sessionId: session.sessionId,
    fileContext: "model",
    fileName: "support-model.tar",
    fileExtension: "tar",
    fileSize: sizes.reduce((sum, size) => sum + size, 0),
    totalChunks: sizes.length,
    isAdapter: false,
    modelId: session.modelId,
    expiresAt: context.now() + context.settings.sessionTtlMs,
    chunks: new Map(sizes.map((size, n) => [n, { size, sha256: UNSEEN }])),
    completed: false,
  });
  context.jobs.start(
    { id: job, jobType: "MODELS", action: "IMPORT", subject: { modelId: session.modelId }, extra: {}, onSuccess: undefined },
    { now: context.now(), finished: true },
  );
  context.attachments.add(attachment.appId, attachment.envName, {
    fileId: attachment.fileId,
    fileName: "invoice.pdf",
    filePath: `attachments/${attachment.fileId}/invoice.pdf`,
    fileSize: 48213,
    mimeType: "application/pdf",
    extension: "pdf",
    uploadedAt: SEEDED_AT,
    sha256: UNSEEN,
    userReference: "user-42",
  });
  files.forEach((fileId, i) => {
    const fileName = present(FILE_NAMES[i % FILE_NAMES.length], `example file name ${i % FILE_NAMES.length}`);
    context.files.add({ fileId, fileName, fileContext: "bulkImport", size: 0 });
  });
}
