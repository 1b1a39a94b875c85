// generated from openapi/drift-report.schema.json, do not edit
// regenerate with: npm run generate

import type { RequestValidator } from "./validators.js";

/** Ajv-style check of a value against openapi/drift-report.schema.json; `errors` lists what fails. */
export declare const validateDriftReport: RequestValidator;
