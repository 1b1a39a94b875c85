// `call` builds its URLs itself (src/wrappers/request-url.ts) so that openapi-fetch stays out of
// the entry bundle; `raw` builds them with openapi-fetch. For any parameter values the two
// must agree, byte for byte, on every path of the spec.
import fc from "fast-check";
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { requestUrl } from "../../src/wrappers/request-url.js";

const BASE = "http://127.0.0.1:4010";
const querySerializer = createQuerySerializer();
const viaOpenapiFetch = (path: string, pathParams: Record<string, unknown>, query?: Record<string, unknown>) =>
  createFinalURL(path, { baseUrl: BASE, params: { path: pathParams, query }, querySerializer, pathSerializer: defaultPathSerializer });

const paths = [...new Set(Object.values(operations).map((op) => op.path))];
const namesIn = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
// Any text, reserved and non-ASCII characters included; the spec's parameters are primitives.
const primitive = fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), fc.integer(), fc.boolean());

describe("requestUrl", () => {
  it.each(paths)("serialises %s as openapi-fetch does", (path) => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(namesIn(path).map((name) => [name, fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 })]))),
        fc.option(fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,7}$/), fc.option(primitive, { nil: undefined }), { maxKeys: 4 }), { nil: undefined }),
        (pathParams, query) => {
          expect(requestUrl(BASE, path, pathParams, query)).toBe(viaOpenapiFetch(path, pathParams, query));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("leaves out query parameters that are undefined or null, and the ? when none is left", () => {
    expect(requestUrl(BASE, "/api/public/connections", {}, { provider: undefined, status: null })).toBe(`${BASE}/api/public/connections`);
    expect(requestUrl(BASE, "/api/public/connections", {}, { limit: 5, status: null })).toBe(`${BASE}/api/public/connections?limit=5`);
  });

  it("encodes a path parameter so it cannot reach another path", () => {
    expect(requestUrl(BASE, "/api/public/connections/{connectionId}", { connectionId: "../../x?y#z" })).toBe(`${BASE}/api/public/connections/..%2F..%2Fx%3Fy%23z`);
  });
});
