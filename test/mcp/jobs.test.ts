// settleJob (src/mcp/jobs.ts) when the wait fails for another reason than the job: the job was
// started and may go on, so the error result must still carry its handle.
import { describe, expect, it } from "vitest";
import { settleJob } from "../../src/mcp/jobs.js";
import { errorResult } from "../../src/mcp/results.js";
import type { ToolCall } from "../../src/mcp/tool.js";
import { AuthenticationError, JobFailedError, NotFoundError } from "../../src/kernel/errors.js";
import type { Job } from "../../src/index.js";

const job = { dockStatusId: "ds-1", status: "IN_PROGRESS", jobType: "MODELS", action: "DEPLOY" } as Job;

/** The parts of a tool call settleJob uses, with a wait that fails with `error`. */
function callFailingWith(error: unknown): ToolCall {
  return {
    client: { jobs: { wait: async () => Promise.reject(error) } },
    bound: { remainingMs: () => 1_000, seconds: 1 },
    cancel: new AbortController().signal,
    poll: {},
    progress: { poll: () => {} },
  } as unknown as ToolCall;
}

describe("settleJob", () => {
  it("a wait that fails (the credential refused while polling) keeps the job's handle and the error's fields", async () => {
    const refused = new AuthenticationError({ status: 401, body: { message: "expired" }, operationId: "getDockStatus", requestId: "req-9" });
    const error = await settleJob(callFailingWith(refused), job, "deploy of model cm-1").catch((e: unknown) => e);
    const result = errorResult(error, (text) => text);
    expect(result.structuredContent).toEqual({
      error: expect.objectContaining({
        name: "AuthenticationError",
        status: 401,
        operationId: "getDockStatus",
        requestId: "req-9",
        handle: { dockStatusId: "ds-1", continueWith: "wait_for_job" },
      }),
    });
    expect((result.content[0] as { text: string }).text).toContain("call wait_for_job with dockStatusId ds-1 to follow it");
  });

  it("a job that failed is its own answer: no handle to follow", async () => {
    const failed = new JobFailedError({ ...job, status: "FAILED" });
    const error = await settleJob(callFailingWith(failed), job, "deploy of model cm-1").catch((e: unknown) => e);
    expect(error).toBe(failed);
  });
});

describe("an unknown job", () => {
  it("is said to be unknown, with no handle and no advice to wait on it again", async () => {
    const unknown = new NotFoundError({ status: 404, body: { message: "no such job" }, operationId: "getDockStatus", requestId: "req-4" });
    const error = await settleJob(callFailingWith(unknown), "ds-nope", "job ds-nope").catch((e: unknown) => e);
    const result = errorResult(error, (text) => text);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^UnknownJob: job ds-nope is unknown to the platform \(404\)/);
    expect(text).not.toContain("call wait_for_job");
    expect(JSON.stringify(result.structuredContent)).not.toContain("handle");
    expect(result.structuredContent).toEqual({ error: expect.objectContaining({ name: "UnknownJob", status: 404, requestId: "req-4" }) });
  });
});
