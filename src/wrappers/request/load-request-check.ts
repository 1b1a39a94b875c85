// The pre-send check of every request. Its code (the compiled validators and the messages) loads
// on the first request rather than at import, so it stays out of the entry a browser loads up
// front; after that the check is synchronous, with no await on the hot path of a call.
import type { OperationId } from "../../generated/operations.js";
import type { RequestParts } from "./request-check.js";

export type { RequestParts };

type Check = (operationId: OperationId, parts: RequestParts, bodyRequired?: boolean) => void;
let check: Check | undefined;
let loading: Promise<Check> | undefined;

/** Throws a ValidationError naming each problem: synchronously once loaded, else through the promise. */
export function checkRequest(operationId: OperationId, parts: RequestParts, bodyRequired = false): Promise<void> | undefined {
  if (check) {
    check(operationId, parts, bodyRequired);
    return undefined;
  }
  loading ??= import("./request-check.js").then((module) => (check = module.checkRequest));
  return loading.then((loaded) => loaded(operationId, parts, bodyRequired));
}
