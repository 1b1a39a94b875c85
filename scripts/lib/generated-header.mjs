// The first lines of every generated file: what made it and how to make it again, so nobody edits
// it by hand. Every renderer of scripts/generate.mjs's outputs starts its file with one of these;
// none writes its own.
const SPEC = "openapi/platform.yaml";

/**
 * What scripts/generate.mjs hands every renderer: the parsed spec and its absolute path.
 * @typedef {{ spec: import("./json-types.ts").JsonRecord, file: string }} RenderContext
 */

/** The header of a generated TypeScript or JavaScript file made from `source`, as lines. */
export function codeHeader(source = SPEC) {
  return [`// generated from ${source}, do not edit`, "// regenerate with: npm run generate"];
}

/** The header of a generated markdown file. */
export const MARKDOWN_HEADER = `<!-- generated from ${SPEC}, do not edit -->`;
