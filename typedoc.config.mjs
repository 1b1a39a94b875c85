// npm run docs:api: the TypeDoc reference of the client (the portable entry, the Node entry, the
// MCP server and the mock helper) in docs/api/, beside the rendered OpenAPI reference. Generated,
// not committed.
import { OptionDefaults } from "typedoc";

/** @type {Partial<import("typedoc").TypeDocOptions>} */
export default {
  name: "@platform/management-client",
  entryPoints: ["src/index.ts", "src/node.ts", "src/mock/start-mock.ts", "src/mcp.ts"],
  tsconfig: "tsconfig.build.json",
  out: "docs/api",
  readme: "none",
  excludePrivate: true,
  // What a mock class shares with its subclasses (the HTTP server and the in-process mock) is
  // no user's API.
  excludeProtected: true,
  // No links into a source host: the reference must read the same offline.
  disableSources: true,
  hideGenerator: true,
  // Type errors are npm run typecheck's (tsc over the same sources, strict); TypeDoc checking them
  // again cost 8 of its 20 CPU seconds and found nothing that one does not.
  skipErrorChecking: true,
  // openapi-typescript writes the spec's descriptions and consts as @description and @constant tags.
  blockTags: [...OptionDefaults.blockTags, "@description", "@constant"],
};
