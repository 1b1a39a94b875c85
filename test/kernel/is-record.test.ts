// The one isRecord (src/kernel/is-record.js): the package's records.ts and the scripts'
// json-members.mjs hand out this same function, and it narrows as each side needs.
import { describe, expect, expectTypeOf, it } from "vitest";
import { isRecord as scriptsIsRecord } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord as DocumentRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { isRecord } from "../../src/kernel/is-record.js";
import { isRecord as packageIsRecord } from "../../src/kernel/records.js";

describe("isRecord", () => {
  it("is one function, for the package and for the scripts", () => {
    expect(packageIsRecord).toBe(isRecord);
    expect(scriptsIsRecord).toBe(isRecord);
  });

  it("takes objects, and not null, arrays or any other value", () => {
    for (const value of [{}, { a: 1 }, Object.create(null), new Map()]) expect(isRecord(value)).toBe(true);
    for (const value of [null, undefined, [], [{}], "{}", 1, true, 1n, Symbol("s"), () => ({})]) expect(isRecord(value)).toBe(false);
  });

  it("narrows unknown to a record of unknowns, and a JSON value to a JSON object, called or as a callback", () => {
    const fromCaller = (value: unknown) => (isRecord(value) ? value : undefined);
    expectTypeOf(fromCaller).returns.toEqualTypeOf<Record<string, unknown> | undefined>();
    const fromDocument = (value: JsonValue) => (isRecord(value) ? value : undefined);
    expectTypeOf(fromDocument).returns.toEqualTypeOf<DocumentRecord | undefined>();
    const members = (values: JsonValue[]) => values.filter(scriptsIsRecord);
    expectTypeOf(members).returns.toEqualTypeOf<DocumentRecord[]>();
    expect(members([{ a: 1 }, [1], null, "x"])).toEqual([{ a: 1 }]);
    expect(fromDocument({ a: [1] })).toEqual({ a: [1] });
    expect(fromCaller([1])).toBeUndefined();
  });
});
