// The stateful mock writes what its request checks refuse into a drift report of the client's
// format (src/drift): per operation, request part and pointer, with the kind, counts and the
// discrepancy records that explain it, and never a value of the request. The mock's own answer
// that breaks the spec is recorded too. Reports are checked against the report schema with Ajv.
import { describe, expect, it } from "vitest";
import { createReportAjv, loadReportSchema } from "../../../scripts/lib/drift-outputs.mjs";
import { DriftRecorder } from "../../../src/drift/recorder.js";
import { checkedAnswer } from "../../../src/mock/stateful/contract/response-check.js";
import { call, eachTransport, fetchOf, withMock } from "./helpers.js";

const SECRET = "sk-mock-drift-secret-c4d8e1";
const validateReport = createReportAjv().compile(loadReportSchema());

eachTransport(() => {
  describe("the stateful mock's drift report", () => {
    it("records each refused request's departures by part and pointer, counted, without a value", async () => {
      await withMock({}, async (mock) => {
        expect((await call(mock, "POST", "/api/public/guardrails/deploy", { name: SECRET })).status).toBe(422);
        expect((await call(mock, "POST", "/api/public/guardrails/deploy", { name: `${SECRET}-2` })).status).toBe(422);
        expect((await call(mock, "POST", "/api/public/guardrails/deploy", { name: "Toxicity", [SECRET.slice(0, 8)]: SECRET })).status).toBe(422);
        expect((await call(mock, "POST", "/api/public/bot/st-0a1b2c3d/chunk/chk-1", { pageNumber: true })).status).toBe(422);
        expect((await call(mock, "GET", `/api/public/connections?limit=${SECRET}`)).status).toBe(422);
        expect((await call(mock, "GET", "/api/public/connections")).status).toBe(200);

        const report = mock.driftReport();
        expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
        const find = (operationId: string, pointer: string) => report.drifts.find((d) => d.operationId === operationId && d.pointer === pointer);
        expect(find("deployGuardrail", "/name")).toMatchObject({ direction: "request", location: "body", kind: "enum", count: 2, received: ["string"], recordedBy: ["mock"] });
        expect(find("deployGuardrail", "/sk-mock-")).toMatchObject({ kind: "forbidden", keyword: "additionalProperties", expected: "absent", received: ["string"] });
        expect(find("updateChunk", "/pageNumber")).toMatchObject({ location: "body", kind: "type", received: ["boolean"] });
        expect(find("updateChunk", "/pageNumber")!.discrepancies).toContain("page-number-type");
        expect(find("listConnections", "/limit")).toMatchObject({ location: "query", kind: "type" });
        expect(report.drifts.every((d) => d.direction === "request" && d.status === undefined)).toBe(true);
        expect(JSON.stringify(report)).not.toContain(SECRET);

        // The admin endpoint serves the same report; reset starts it again.
        const admin = await fetchOf(mock)(`${mock.url}/__mock/drift`);
        expect(await admin.json()).toEqual(JSON.parse(JSON.stringify(mock.driftReport())));
        mock.reset();
        expect(mock.driftReport().drifts).toEqual([]);
      });
    });

    it("records an answer of the mock's own that breaks the spec, which becomes its 500", () => {
      const recorder = new DriftRecorder({ recordedBy: "mock" });
      const answer = checkedAnswer("getConnection", { status: 200, body: { connectionId: SECRET } }, recorder);
      expect(answer.status).toBe(500);
      const report = recorder.report();
      expect(report.drifts.map((d) => `${d.direction} ${d.status} ${d.pointer} ${d.kind}`)).toEqual(expect.arrayContaining(["response 200 /connectionName required", "response 200 /createdOn required"]));
      expect(JSON.stringify(report)).not.toContain(SECRET);
    });
  });
});
