// The operation's own credential header, as the spec's security scheme names it: absent or empty
// gives 401, like Prism. With `expected` values (startMock({ apiKey, jwt })) a wrong value does too.
import { operations, type OperationId } from "../../../generated/operations.js";
import { unauthorized, type Answer } from "./problems.js";
import type { HeaderLookup } from "../http/incoming.js";

export interface ExpectedCredentials {
  apiKey?: string | undefined;
  jwt?: string | undefined;
}

export function checkCredential(operationId: OperationId, headers: HeaderLookup, expected: ExpectedCredentials): Answer | undefined {
  const { header, security } = operations[operationId];
  const value = headers.get(header);
  if (value === null || value === "") return unauthorized(operationId, header, "The operation's credential header is missing");
  const wanted = security === "jwtAuth" ? expected.jwt : expected.apiKey;
  if (wanted !== undefined && value !== wanted) return unauthorized(operationId, header, "The credential does not match the one the mock was started with");
  return undefined;
}
