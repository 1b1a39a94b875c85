// The other people's tools the portability tests call directly, loaded from this folder's own
// install (package.json beside this file): the test files import this module once
// scripts/lib/on-demand-install.mjs has installed the folder. The generators are generators.ts.
import { createRequire } from "node:module";

export { default as SwaggerParser } from "@apidevtools/swagger-parser";
export { OpenApiConverter } from "@mockoon/commons";
export { MockoonServer } from "@mockoon/commons-server";
export { fromOpenApi } from "@mswjs/source/open-api";
export { setupServer } from "msw/node";
export { OpenAPIBackend } from "openapi-backend";
export { validate as readmeValidate } from "@readme/openapi-parser";
export { validate as scalarValidate } from "@scalar/openapi-parser";
export { getDefaultSortComponentsSet, getDefaultSortSet, openapiFilter, openapiSort, parseString, stringify } from "openapi-format";
export { default as PostmanConverter } from "openapi-to-postmanv2";
export { default as widdershins } from "widdershins";

/** require() from this folder, for the tools loaded as CommonJS and for their own dependencies. */
export const toolsRequire = createRequire(import.meta.url);
// Loaded as CommonJS: its class is the `default` of module.exports, whichever loader reads it.
export const { default: OpenAPISchemaValidator } = toolsRequire("openapi-schema-validator") as typeof import("openapi-schema-validator");
