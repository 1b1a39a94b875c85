// Looks operations up by the route openapi-fetch reports (method + templated path), so the
// per-request layers (auth, retries) know which operation a request belongs to.
import { operations, type OperationId } from "../generated/operations.js";

export type OperationEntry = (typeof operations)[OperationId] & { operationId: OperationId };

const byRoute = new Map<string, OperationEntry>(
  (Object.keys(operations) as OperationId[]).map((operationId) => {
    const info = operations[operationId];
    return [`${info.method.toUpperCase()} ${info.path}`, { ...info, operationId }];
  }),
);

export function operationForRoute(method: string, schemaPath: string): OperationEntry | undefined {
  return byRoute.get(`${method.toUpperCase()} ${schemaPath}`);
}

export function operationById(operationId: OperationId): OperationEntry {
  return { ...operations[operationId], operationId };
}

/** What the transport below the middleware needs to know about a request it is sending. */
export interface RequestMeta {
  operationId: string;
  retrySafe: boolean;
}

// Keyed by the Request object openapi-fetch hands to its fetch: nothing travels in headers.
export const requestMeta = new WeakMap<Request, RequestMeta>();
