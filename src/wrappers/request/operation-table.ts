// Which operation of the spec a request is, from what openapi-fetch's middleware receives: the
// method and the path template (`schemaPath`). The generated table says the rest.
import { operations, type OperationId, type OperationInfo } from "../../generated/operations.js";
import type { ResolvedOperation } from "./platform-request.js";

const byRoute = new Map<string, ResolvedOperation>();
for (const [operationId, info] of Object.entries(operations) as Array<[OperationId, OperationInfo]>) {
  byRoute.set(`${info.method.toUpperCase()} ${info.path}`, { operationId, info });
}

export function operationAt(method: string, schemaPath: string): ResolvedOperation | undefined {
  return byRoute.get(`${method.toUpperCase()} ${schemaPath}`);
}
