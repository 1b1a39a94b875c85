// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

import type { RequestValidator } from "./validators.js";

/** An Ajv-style validate function for one documented answer. */
export type ResponseValidator = RequestValidator;

/** Every documented JSON answer's validator, by `<operationId>_<status>` (status `default` included). */
export declare const responseValidators: Readonly<Record<string, ResponseValidator | undefined>>;
