// The request log keeps the newest `logLimit` requests, oldest first, however many came before.
import { describe, expect, it } from "vitest";
import { RequestLog } from "../../../src/mock/stateful/scenarios/request-log.js";

describe("RequestLog", () => {
  it("keeps the newest entries up to its limit, in order, across compactions and clears", () => {
    const log = new RequestLog(3);
    const seqs = () => log.list().map((entry) => entry.seq);
    log.open("GET", "/a");
    expect(seqs()).toEqual([1]);
    for (let i = 0; i < 9; i++) log.open("GET", `/b${i}`);
    expect(seqs()).toEqual([8, 9, 10]);
    expect(log.list().map((entry) => entry.url)).toEqual(["/b6", "/b7", "/b8"]);
    // Past several multiples of the limit, still the newest three.
    for (let i = 0; i < 20; i++) log.open("POST", `/c${i}`);
    expect(seqs()).toEqual([28, 29, 30]);
    log.clear();
    expect(seqs()).toEqual([]);
    log.open("GET", "/d");
    expect(log.list()).toMatchObject([{ seq: 31, method: "GET", url: "/d" }]);
  });

  it("cuts a long URL to its start and length", () => {
    const log = new RequestLog(10);
    const url = `/api/public/chunk/list?q=${"x".repeat(3000)}`;
    expect(log.open("GET", url).url).toBe(`${url.slice(0, 2048)}… (${url.length} characters)`);
    expect(log.open("GET", "/short").url).toBe("/short");
  });
});
