// The parts of the client that load on first use because they are large: the request checks
// with the validators generated from the spec (the largest part of the client by far), the
// response validators of `validateResponses` (only a client that checks answers loads them), and
// the upload code (chunked imports and Upload File). Everything else loads with the entry, which
// scripts/lib/size-budget.mjs holds to its budget.

type RequestChecks = typeof import("./request/boundary-checks.js");
let requestChecks: RequestChecks | undefined;
let loadingRequestChecks: Promise<RequestChecks> | undefined;

/** The request checks: at once when loaded (no await on the hot path of a call), else a promise. */
export function loadRequestChecks(): RequestChecks | Promise<RequestChecks> {
  if (requestChecks) return requestChecks;
  loadingRequestChecks ??= import("./request/boundary-checks.js").then((module) => {
    requestChecks = module;
    return module;
  });
  return loadingRequestChecks;
}

export const loadModelImport = () => import("./uploads/model-import.js");
export const loadFileUpload = () => import("./uploads/file-upload.js");

type ResponseChecks = typeof import("./request/response-checks.js");
let responseChecks: ResponseChecks | undefined;
let loadingResponseChecks: Promise<ResponseChecks> | undefined;

/** validateResponses' checker with the response validators: at once when loaded, else a promise. */
export function loadResponseChecks(): ResponseChecks | Promise<ResponseChecks> {
  if (responseChecks) return responseChecks;
  loadingResponseChecks ??= import("./request/response-checks.js").then((module) => {
    responseChecks = module;
    return module;
  });
  return loadingResponseChecks;
}
