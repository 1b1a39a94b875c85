// The request body as the operation's spec declares it: JSON read whole within the size and depth
// limits (./json-body.ts), multipart streamed through the hashing reader, and nothing at all for
// operations without a body. A body in a media type the operation does not take is refused before
// it is read.
import { operations, type OperationId } from "../../../generated/operations.js";
import { problem, type Answer } from "../contract/problems.js";
import { readJsonBody, type JsonRefusal } from "./json-body.js";
import { boundaryOf, MultipartError, readMultipart } from "./multipart-stream.js";
import { piecesOf } from "../portable/bytes.js";
import { present } from "../../../kernel/present.js";
import type { IncomingRequest } from "./incoming.js";

export interface ReadBody {
  /** The JSON value, the multipart fields and file summaries, or undefined without a body. */
  body: unknown;
  /** True for multipart: its fields arrived as text. */
  textBody: boolean;
}

// The spec's three upload forms all name their binary part `file`.
const BINARY_FIELDS = new Set(["file"]);

const mediaTypeOf = (header: string | undefined) => header?.split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * Reads and discards what is left of a body, so a connection can carry the next request; a body
 * that fails part-way (its client went away) is simply over.
 */
export function drain(request: IncomingRequest): Promise<void> | undefined {
  // A body held as text has no connection behind it to free. Nothing to wait for is said at once
  // (undefined, which an await takes as well): most requests have no body.
  if (request.bodyText !== undefined || request.body === null || request.bodyUsed) return undefined;
  return discard(request.body);
}

async function discard(body: ReadableStream<Uint8Array>): Promise<void> {
  try {
    for await (const _piece of piecesOf(body));
  } catch {
    // Nothing is left to read.
  }
}

function hasBody(request: IncomingRequest): boolean {
  // A body held as text is one (its stream is not built to find out).
  if (request.bodyText === undefined && request.body === null) return false;
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return true;
}

/**
 * The problem answer to a body the mock will not take. One it stopped reading closes the
 * connection, so the rest of that body is never waited for.
 */
export function refusalAnswer(refusal: JsonRefusal): Answer {
  const answer = problem(refusal.status, "request", refusal.status === 413 ? "Request body too large" : "Invalid request", [refusal.violation]);
  return refusal.close ? { ...answer, headers: { ...answer.headers, connection: "close" } } : answer;
}

type DeclaredBody = { required: boolean; mediaTypes: readonly string[] } | null;

const NO_BODY: ReadBody = Object.freeze({ body: undefined, textBody: false });

function withoutBody(declared: DeclaredBody): ReadBody | Answer {
  if (declared?.required) return problem(422, "request", "Invalid request", [{ in: "body", field: "", rule: "required", message: "the operation requires a body" }]);
  return NO_BODY;
}

/** The body read, or the answer refusing it; at once (no promise) for a request without a body. */
export function readBody(request: IncomingRequest, operationId: OperationId): ReadBody | Answer | Promise<ReadBody | Answer> {
  const declared = operations[operationId].requestBody as DeclaredBody;
  if (!declared || !hasBody(request)) {
    const draining = drain(request);
    return draining ? draining.then(() => withoutBody(declared)) : withoutBody(declared);
  }
  return readDeclared(request, declared);
}

async function readDeclared(request: IncomingRequest, declared: NonNullable<DeclaredBody>): Promise<ReadBody | Answer> {
  const mediaType = mediaTypeOf(request.headers.get("content-type") ?? undefined);
  if (!declared.mediaTypes.includes(mediaType)) {
    await drain(request);
    return problem(415, "request", "Unsupported media type", [
      { in: "header", field: "/content-type", rule: "mediaType", message: `${mediaType || "(none)"} is not one of ${declared.mediaTypes.join(", ")}` },
    ]);
  }
  if (mediaType === "application/json") {
    const read = await readJsonBody(request);
    return "value" in read ? { body: read.value, textBody: false } : refusalAnswer(read.refusal);
  }
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!boundary) {
    await drain(request);
    return problem(422, "request", "Invalid request", [{ in: "header", field: "/content-type", rule: "boundary", message: "multipart/form-data without a boundary" }]);
  }
  // Left to the answer below, not cancelled by the reader when it stops early.
  const pieces = request.pieces ?? piecesOf(present(request.body, "the body of a request hasBody() found one in"));
  let ended = false;
  try {
    const { fields, files } = await readMultipart(
      (async function* () {
        yield* pieces;
        ended = true;
      })(),
      boundary,
      BINARY_FIELDS,
    );
    return { body: { ...fields, ...files }, textBody: true };
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    // A form refused part-way is not read further: the answer closes the connection instead.
    return refusalAnswer({ status: 422, violation: { in: "body", field: error.field, rule: error.rule, message: error.message }, close: !ended });
  }
}
