// The Prism mock as npm start and npm run mock serve it (scripts/lib/prism.mjs startPrismMock):
// the real Prism behind ./scripts/lib/violation-answers.mjs. A refused request's body names the
// request's own violation, where Prism alone answers with the operation's 400 example, which
// speaks of another operation's field ("Invalid value for modelType") and keeps the real reason
// in the sl-violations header that the API reference's Test request does not show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrism, startPrismMock } from "../../scripts/lib/prism.mjs";
import { violationMessages } from "../../scripts/lib/violation-answers.mjs";

const UPLOAD = "/api/v2/apps/app-1/environments/dev/attachments/upload";
const KEY = { "x-api-key": "any-key" };

const PRISM_START_MS = 120_000;
let mock: { url: string; stop(): Promise<void> };
let bare: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  // One after the other, each with the contract setup's bound (a busy machine can take Prism past
  // the launcher's 60 s default): two Prisms starting at once on a busy machine are slower still.
  mock = await startPrismMock({ port: 0, readyTimeoutMs: PRISM_START_MS });
  bare = await startPrism({ port: 0, readyTimeoutMs: PRISM_START_MS });
}, 2 * PRISM_START_MS + 10_000);
afterAll(async () => {
  await Promise.all([mock?.stop(), bare?.stop()]);
});

function uploadForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  form.append("file", new Blob(["hello"]), "notes.txt");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const send = (base: string, path: string, init: RequestInit) => fetch(new URL(path, base), init);

describe("Upload attachment without userReference", () => {
  it("from Prism alone: the 400 example of another field, the reason only in sl-violations (why the proxy is there)", async () => {
    const answer = await send(bare.url, UPLOAD, { method: "POST", headers: KEY, body: uploadForm({ uploadType: "runtime" }) });
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain("userReference");
    expect(answer.headers.get("sl-violations")).toContain("userReference");
  });

  it("from the mock: 400 with the operation's own violation in the body, in the ErrorBody shape", async () => {
    const answer = await send(mock.url, UPLOAD, { method: "POST", headers: KEY, body: uploadForm({ uploadType: "runtime" }) });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await answer.json()) as { message: string; errors: Array<{ msg: string; code: number }> };
    expect(body.errors).toEqual([{ msg: "body: Request body must have required property 'userReference'", code: 400 }]);
    expect(body.message).toBe(body.errors[0]!.msg);
    expect(JSON.stringify(body)).not.toContain("modelType");
    // The header stays for tools that read it.
    expect(answer.headers.get("sl-violations")).toContain("userReference");
  });

  it("without a key either: 401 naming both the credential and the field", async () => {
    const answer = await send(mock.url, UPLOAD, { method: "POST", body: uploadForm({ uploadType: "runtime" }) });
    expect(answer.status).toBe(401);
    const { errors } = (await answer.json()) as { errors: Array<{ msg: string }> };
    expect(errors.map((e) => e.msg)).toEqual(["Invalid security scheme used", "body: Request body must have required property 'userReference'"]);
  });
});

describe("what is not a refusal passes as Prism sent it", () => {
  it("a valid upload: Prism's 200 example, byte for byte", async () => {
    const form = () => uploadForm({ userReference: "user-1", uploadType: "runtime" });
    const [viaMock, viaPrism] = await Promise.all([
      send(mock.url, UPLOAD, { method: "POST", headers: KEY, body: form() }),
      send(bare.url, UPLOAD, { method: "POST", headers: KEY, body: form() }),
    ]);
    expect(viaMock.status).toBe(200);
    expect(await viaMock.text()).toBe(await viaPrism.text());
  });

  it("an asked-for error example (Prefer: code=400) with no violation: the example itself", async () => {
    const answer = await send(mock.url, UPLOAD, {
      method: "POST",
      headers: { ...KEY, prefer: "code=400" },
      body: uploadForm({ userReference: "user-1", uploadType: "runtime" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ errors: [{ msg: "Invalid value for modelType", code: 400 }] });
  });
});

describe("violationMessages", () => {
  it("keeps the Error violations, each with where it is, and reads nothing else", () => {
    const header = JSON.stringify([
      { location: ["request", "query", "limit"], severity: "Error", code: "maximum", message: "must be <= 100" },
      { location: ["request"], severity: "Error", code: 401, message: "Invalid security scheme used" },
      { location: ["response", "body"], severity: "Warning", code: "type", message: "a warning" },
    ]);
    expect(violationMessages(header)).toEqual(["query.limit: must be <= 100", "Invalid security scheme used"]);
    expect(violationMessages("not json")).toEqual([]);
    expect(violationMessages(undefined)).toEqual([]);
  });
});
