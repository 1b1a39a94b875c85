// Which discrepancy records label a drift: a record on the drifting value itself, or on something
// holding it that names the drifting property in backticks. The table is generated from where the
// records sit in the spec (scripts/lib/drift-outputs.mjs); the rule is src/drift/labels.ts.
import { describe, expect, it } from "vitest";
import { discrepancyLabels, namesInRecord } from "../../scripts/lib/drift-outputs.mjs";
import { collectDiscrepancies, loadSpec } from "../../scripts/lib/spec.mjs";
import { labelsFor } from "../../src/drift/labels.js";

const spec = loadSpec();

describe("where the records sit, generated from the spec", () => {
  it("places every record that concerns a message, and only those about the document as a whole are left out", () => {
    const placed = new Set(Object.values(discrepancyLabels(spec).labels).flatMap((entries) => (entries as Array<[string, string]>).map(([, id]) => id)));
    const unplaced = collectDiscrepancies(spec).filter(({ record }: { record: { id: string } }) => !placed.has(record.id));
    // Records on the document root, info and tags speak of paths and notation, not of any message.
    expect(unplaced.map(({ record }: { record: { id: string } }) => record.id).sort()).toEqual(["attachments-api-v2-prefix", "path-parameter-names", "path-parameter-notation"]);
    for (const { pointer } of unplaced) expect(pointer).toMatch(/^(|\/info|\/tags\/\d+)$/);
  });

  it("reads a record's property names from its backticks, dotted paths split", () => {
    const record = { summary: "`downloadUrl` or `downloadURL`", documented: "`response.downloadUrl`", observed: "`errors[0].msg`, `4XX`, `:name`", decision: "plain words" };
    expect(namesInRecord(record)).toEqual(["downloadURL", "downloadUrl", "errors", "msg", "response"]);
  });
});

describe("labelsFor", () => {
  it("labels a drift of the value a record sits on", () => {
    expect(labelsFor("getConnection_200", { pointer: "/status" })).toEqual(["custom-connection-status"]);
    expect(labelsFor("listConnections_200", { pointer: "/connections/*/status" })).toEqual(["custom-connection-status"]);
  });

  it("labels a drift below a record's object only when the record names the property", () => {
    expect(labelsFor("deleteChunksById_200", { pointer: "/status" })).toEqual(expect.arrayContaining(["delete-chunks-status-case"]));
    expect(labelsFor("getDockStatus_200", { pointer: "/response/downloadURL" })).toEqual(["download-url-case"]);
    // job-id-spelling sits on the job record but speaks of its id keys, not of its status.
    expect(labelsFor("deployModel_200", { pointer: "/status" })).toEqual([]);
    expect(labelsFor("deployModel_200", { pointer: "/dockStatusId" })).toEqual(["job-id-spelling"]);
  });

  it("names any spelling of a missing property", () => {
    expect(labelsFor("getDockStatus_200", { pointer: "/_id", alternatives: ["_id", "dockStatusId", "dock-statusId"] })).toEqual(["dock-status-from-public-reference"]);
    expect(labelsFor("deployModel_200", { pointer: "/x", alternatives: ["x", "dock-statusId"] })).toEqual(["job-id-spelling"]);
  });

  it("labels a drift of the whole body with the records on the operation and the response", () => {
    expect(labelsFor("getConnection_default", { pointer: "" })).toEqual(["error-body-envelope", "error-body-shape-unknown"]);
    expect(labelsFor("getConnection_404", { pointer: "/errors/*/msg" })).toEqual(["error-body-envelope"]);
  });

  it("labels request drift by the part's records", () => {
    expect(labelsFor("updateChunk_body", { pointer: "/pageNumber" })).toEqual(expect.arrayContaining(["page-number-type"]));
  });

  it("labels nothing elsewhere", () => {
    expect(labelsFor("getConnection_200", { pointer: "/connectionId" })).toEqual([]);
    expect(labelsFor("noSuchOperation_200", { pointer: "" })).toEqual([]);
  });
});
