// The typed error for a non-2xx answer: one class per documented status family, APIError for
// the rest. Internal: callers catch the classes, they never build them.
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  type ApiErrorInit,
} from "../errors.js";

const BY_STATUS: Record<number, new (init: ApiErrorInit) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

export function apiErrorFor(init: ApiErrorInit): APIError {
  const Class = BY_STATUS[init.status] ?? (init.status >= 500 ? InternalServerError : APIError);
  return new Class(init);
}
