// src/generated/platform.ts: the types of every path, operation and schema of the spec, by
// openapi-typescript, with a file part typed as what the client really sends.
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { codeHeader } from "./generated-header.mjs";
import { memberAt, recordOf } from "./json-members.mjs";
import { binaryParts, deref } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("openapi-typescript").OpenAPI3} OpenAPI3 */

const BINARY = [ts.factory.createTypeReferenceNode("Blob"), ts.factory.createTypeReferenceNode("Uint8Array")];

// A file part's schema has no type (openapi/EXTENSIONS.md, "Portability"), so openapi-typescript
// types it as unknown; what the client actually sends is a Blob (a File, a slice of a file) or the
// bytes of a chunk cut from a stream. openapi-typescript hands the transform a property's schema
// with the path of the object that declares it, so the part is found by that object and its
// schema.
/**
 * @param {JsonRecord} spec
 * @returns {NonNullable<import("openapi-typescript").OpenAPITSOptions["transform"]>}
 */
function binaryAsBlob(spec) {
  /** @type {Map<string, (JsonValue | undefined)[]>} */
  const byObject = new Map();
  for (const { schema, property } of binaryParts(spec)) {
    const properties = recordOf(memberAt(deref(spec, { $ref: schema }), "properties"));
    const part = deref(spec, properties[property]);
    const twin = Object.keys(properties).find((name) => name !== property && isDeepStrictEqual(deref(spec, properties[name]), part));
    if (twin) throw new Error(`${schema}: the file part ${property} has the same schema as ${twin}; describe it apart`);
    byObject.set(schema, [...(byObject.get(schema) ?? []), part]);
  }
  return (schema, options) => {
    const parts = options.path === undefined ? undefined : byObject.get(options.path);
    if (!parts?.some((part) => isDeepStrictEqual(part, schema))) return undefined;
    return ts.factory.createUnionTypeNode(BINARY);
  };
}

/**
 * Whether the spec has the members openapi-typescript's input type requires (openapi, info.title,
 * info.version); it checks the rest itself, since it lints the document before it reads it.
 * @param {JsonRecord} spec
 * @returns {spec is JsonRecord & OpenAPI3}
 */
const isOpenApi3 = (spec) =>
  typeof spec.openapi === "string" && typeof memberAt(spec, "info", "title") === "string" && typeof memberAt(spec, "info", "version") === "string";

/** @param {import("./generated-header.mjs").RenderContext} context */
export async function renderTypes({ spec, file }) {
  if (!isOpenApi3(spec)) throw new Error("the spec lacks openapi, info.title or info.version");
  const ast = await openapiTS(spec, {
    cwd: pathToFileURL(`${dirname(file)}/`),
    // Otherwise every property with a `default` becomes required, in request bodies too.
    defaultNonNullable: false,
    transform: binaryAsBlob(spec),
  });
  return [...codeHeader(), "", astToString(ast)].join("\n");
}
