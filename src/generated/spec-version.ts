// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

/** info.version of the spec the sources were generated from. */
export const SPEC_VERSION = "0.3.0";
