// The boundary, for JavaScript callers too: every path parameter of every operation, every
// options object of the public client, and the client's own options, each refused with an
// error naming the field and the rule, and not one request sent.
import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "../../../src/generated/operations.js";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { ConfigurationError, ConnectionError } from "../../../src/kernel/errors.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";
import { providerSecrets } from "../../../src/wrappers/request/boundary-checks.js";
import { exampleCall, pathParametersOf } from "../../support/raw-calls.js";
import { rejectedValidationError, validationErrorOf } from "../../support/validation-issues.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
const DS = "ds-2b3c4d5e";

function recording() {
  const { fetch, sent } = fakeFetch(() => json({ message: "bad input must never reach the wire" }, { status: 418 }));
  const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch }, { sleep: async () => {} });
  return { client, sent };
}

// Values the spec's patterns may allow but that would change the path after URL normalisation.
const REROUTING = [".", "..", ""];
const cases = (Object.keys(operations) as OperationId[]).flatMap((operationId) =>
  pathParametersOf(operationId).flatMap((name) => REROUTING.map((value) => [operationId, name, value] as const)),
);

describe("every path parameter of every operation", () => {
  it("covers every operation that has one", () => {
    const withPath = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].path.includes("{"));
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(withPath));
  });

  it.each(cases)("%s refuses %s = %j, sending nothing", async (operationId, name, value) => {
    const { client, sent } = recording();
    const error = await rejectedValidationError(() => exampleCall(client.raw, operationId, { path: { [name]: value } }));
    expect(error.issues.map((i) => i.field)).toContain(name);
    expect(error.issues.find((i) => i.field === name)!.message).toContain(name);
    expect(sent).toEqual([]);
  });
});

// A misspelled key in each options object the public client takes: refused with the key it
// resembles, never ignored. `typo` is the misspelling, `meant` the option it resembles.
const job = { "dock-statusId": DS, jobType: "MODELS", action: "DEPLOY", status: "SUCCESS" };
const settings = { name: "m", hyperParameters: { temperature: 1, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "g5.xlarge" as const };
const blob = () => new Blob(["x"]);
type Client = ReturnType<typeof buildPlatformClient>;
const OPTION_OBJECTS: Array<[string, (c: Client) => unknown, string, string]> = [
  ["connections.list options", (c) => c.connections.list({}, { sginal: undefined } as never), "sginal", "signal"],
  ["connections.list query", (c) => c.connections.list({ limt: 5 } as never), "limt", "limit"],
  ["connections.update options", (c) => c.connections.update("cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10", { fields: { API_KEY: "k-0123456" } }, { signl: 1 } as never), "signl", "signal"],
  ["chunks.list options", (c) => c.chunks.list("st-1", { filter: {} } as never), "filter", "filters"],
  ["chunks.update options", (c) => c.chunks.update("st-1", "chk-1", { chunkText: "t" }, { signall: 1 } as never), "signall", "signal"],
  ["chunks.delete options", (c) => c.chunks.delete("st-1", ["chk-1"], { batchsize: 2 } as never), "batchsize", "batchSize"],
  ["models.import options", (c) => c.models.import({ source: blob(), fileName: "m.tar", chunksize: 4 } as never), "chunksize", "chunkSize"],
  ["models.resumeImport options", (c) => c.models.resumeImport({} as never, { source: blob(), concurency: 2 } as never), "concurency", "concurrency"],
  ["models.deploy options", (c) => c.models.deploy("cm-1", settings, { modeltype: "openSource" } as never), "modeltype", "modelType"],
  ["models.undeploy options", (c) => c.models.undeploy("cm-1", { wiat: true } as never), "wiat", "wait"],
  ["models.export options", (c) => c.models.export("cm-1", { wait: true, singal: 1 } as never), "singal", "signal"],
  ["models.downloadExport options", (c) => c.models.downloadExport("https://files.invalid/m.tar", { fecth: globalThis.fetch } as never), "fecth", "fetch"],
  ["tools.import options", (c) => c.tools.import({ toolName: "t", toolDataFileId: "a", flowDataFileId: "b" }, { wai: true } as never), "wai", "wait"],
  [
    "tools.importFromFiles request",
    (c) =>
      c.tools.importFromFiles({
        toolName: "t",
        toolData: { source: blob(), fileName: "a.json" },
        flowData: { source: blob(), fileName: "b.json" },
        envVariable: {},
      } as never),
    "envVariable",
    "envVariables",
  ],
  ["tools.importInto files", (c) => c.tools.importInto("a-1", { toolDataFileID: "a", flowDataFileId: "b", envVariablesFileId: "c" } as never), "toolDataFileID", "toolDataFileId"],
  ["tools.export options", (c) => c.tools.export("a-1", { flowid: "f" } as never), "flowid", "flowId"],
  ["tools.deploy options", (c) => c.tools.deploy("a-1", { isasync: true } as never), "isasync", "isAsync"],
  ["tools.undeploy options", (c) => c.tools.undeploy("a-1", { Wait: true } as never), "Wait", "wait"],
  ["guardrails.deploy options", (c) => c.guardrails.deploy("Toxicity", { wait: true, sigal: 1 } as never), "sigal", "signal"],
  ["guardrails.undeploy options", (c) => c.guardrails.undeploy("Toxicity", { wati: true } as never), "wati", "wait"],
  ["attachments.upload request", (c) => c.attachments.upload("app", "dev", { file: blob(), userReferense: "u" } as never), "userReferense", "userReference"],
  ["attachments.delete options", (c) => c.attachments.delete("app", "dev", "f-1", { sessionid: "s" } as never), "sessionid", "sessionId"],
  ["files.upload request", (c) => c.files.upload({ source: blob(), filename: "a.json" } as never), "filename", "fileName"],
  ["jobs.get options", (c) => c.jobs.get(DS, { signa: 1 } as never), "signa", "signal"],
  ["jobs.wait options", (c) => c.jobs.wait(job as never, { timeout: 5 } as never), "timeout", "timeoutMs"],
  ["a job's wait options", (c) => c.models.undeploy("cm-1", { wait: { maxDelay: 5 } } as never), "wait.maxDelay", "wait.maxDelayMs"],
];

describe("every options object of the public client", () => {
  it.each(OPTION_OBJECTS)("%s: a misspelled key is refused with the one it resembles", async (_name, run, typo, meant) => {
    const { client, sent } = recording();
    const error = await rejectedValidationError(() => run(client));
    const issue = error.issues.find((i) => i.field === typo);
    expect(issue, JSON.stringify(error.issues)).toMatchObject({ rule: "unknownOption" });
    expect(issue!.message).toContain(`did you mean ${meant}?`);
    expect(sent).toEqual([]);
  });
});

describe("the client's own options", () => {
  it.each([
    ["a misspelled option", { baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, timeout: 5 }, "timeout", /did you mean timeoutMs\?/],
    ["an API key with a line break", { baseUrl: "http://127.0.0.1:9", apiKey: `${API_KEY}\r\nx-injected: 1` }, "apiKey", /header cannot carry it/],
    ["an API key with a non-ASCII character", { baseUrl: "http://127.0.0.1:9", apiKey: `${API_KEY}é` }, "apiKey", /printable ASCII/],
    ["a JWT with surrounding spaces", { baseUrl: "http://127.0.0.1:9", jwt: ` ${JWT} ` }, "jwt", /surrounding spaces/],
    ["a user agent with a NUL", { baseUrl: "http://127.0.0.1:9", userAgent: "tool\u0000" }, "userAgent", /printable ASCII/],
  ])("refuses %s at construction, naming the option and never quoting the value", (_name, options, option, message) => {
    const error = validationErrorOf(() => buildPlatformClient(options as never), ConfigurationError);
    expect(error).toMatchObject({ option });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain(JWT);
  });

  it("refuses a token a header cannot carry from the jwt function, once, as a configuration error (not a retried connection error)", async () => {
    const { fetch, sent } = fakeFetch();
    let calls = 0;
    const jwt = async () => {
      calls++;
      return `${JWT}\n`;
    };
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", fetch, jwt }, { sleep: async () => {} });
    const error = await rejectedValidationError(client.chunks.list("st-1"), ConfigurationError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(calls).toBe(1);
    expect(sent).toEqual([]);
  });
});

describe("a caller's logger that throws", () => {
  it("changes neither the outcome of a call nor the class of its error", async () => {
    const throwing = { debug: () => { throw new Error("logger down"); }, info: () => { throw new Error("logger down"); }, warn: () => { throw new Error("logger down"); } };
    const answers = [json({ "dock-statusId": DS, jobType: "GUARDRAILS", action: "DEPLOY", status: "SUCCESS" }), json({ message: "nope" }, { status: 404 })];
    const { fetch, sent } = fakeFetch((_r, _s, i) => answers[i]!);
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch, logger: throwing }, { sleep: async () => {} });
    // A deploy the service carried out is reported as done, once.
    await expect(client.guardrails.deploy("Toxicity")).resolves.toMatchObject({ status: "SUCCESS" });
    await expect(client.jobs.get(DS)).rejects.toMatchObject({ name: "NotFoundError", status: 404 });
    expect(sent).toHaveLength(2);
  });
});

describe("the provider secrets a request carries", () => {
  it("are found in plain objects and arrays, never by walking a file part's bytes", () => {
    const bytes = new Uint8Array(8);
    // An own property of the byte array: found only if the bytes were walked entry by entry.
    Object.assign(bytes, { API_KEY: "sk-inside-the-bytes" });
    const body = { fields: { API_KEY: "sk-provider-secret" }, headers: [{ key: "x-auth", value: "hdr-secret-value" }], file: bytes, when: new Date(0) };
    expect(providerSecrets(body)).toEqual(["sk-provider-secret", "hdr-secret-value"]);
    expect(providerSecrets({ file: bytes, chunkNumber: 0 })).toEqual([]);
  });
});
