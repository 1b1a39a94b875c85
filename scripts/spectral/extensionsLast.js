// The key-order convention of openapi/platform.yaml: in every object, `x-*` keys come after the
// OpenAPI ones, so the spec reads like the document it records and its notes follow what they
// annotate (see openapi/EXTENSIONS.md).
import { createRulesetFunction } from "@stoplight/spectral-core";

/** @typedef {import("../lib/json-types.ts").JsonValue} JsonValue */

export default createRulesetFunction({ input: null, options: null }, function extensionsLast(document) {
  /** @type {import("@stoplight/spectral-core").IFunctionResult[]} */
  const results = [];
  /** @type {(node: JsonValue | undefined, path: (string | number)[]) => void} */
  const visit = (node, path) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) visit(child, [...path, i]);
      return;
    }
    if (node === null || typeof node !== "object") return;
    let firstExtension;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) firstExtension ??= key;
      else if (firstExtension !== undefined) {
        results.push({ message: `"${key}" follows the extension "${firstExtension}": x-* keys go last`, path: [...path, key] });
      }
      visit(value, [...path, key]);
    }
  };
  visit(/** @type {JsonValue} */ (document), []);
  return results;
});
