// The first lines of every generated TypeScript or JavaScript file: what made it and how to
// make it again, so nobody edits it by hand.
export const TS_HEADER_LINES = ["// generated from openapi/platform.yaml, do not edit", "// regenerate with: npm run generate"];
