// One operation's request, from its credential header to its checked answer: the credential the
// spec names, the body in the media type it declares, path, query and body against the generated
// request validators, the resource's handler, and the answer against the generated response
// validators.
import { operations, type OperationId } from "../../generated/operations.js";
import { checkCredential, type ExpectedCredentials } from "./contract/credentials.js";
import { problem, type Answer } from "./contract/problems.js";
import { checkRequest } from "./contract/request-check.js";
import { checkedAnswer } from "./contract/response-check.js";
import type { MockContext } from "./context.js";
import { handlers } from "./handlers/index.js";
import { drain, readBody } from "./http/read-body.js";
import { RequestLog, type KeptEntry } from "./scenarios/request-log.js";
import type { IncomingRequest } from "./http/incoming.js";

export interface OperationRequest {
  operationId: OperationId;
  params: Record<string, string>;
  url: URL;
  /** scheme://host[:port] the caller reached the mock at. */
  origin: string;
  request: IncomingRequest;
  /** The request log's entry, which learns the body (masked) and whether a credential came. */
  entry: KeptEntry;
  expected: ExpectedCredentials;
}

export async function answerOperation(context: MockContext, { operationId, params, url, origin, request, entry, expected }: OperationRequest): Promise<Answer> {
  entry.credential = Boolean(request.headers.get(operations[operationId].header));
  const credentialProblem = checkCredential(operationId, request.headers, expected);
  if (credentialProblem) {
    await drain(request);
    return credentialProblem;
  }
  const read = await readBody(request, operationId);
  if ("status" in read) return read;
  RequestLog.body(entry, read.body);

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = value;
  const checked = checkRequest(operationId, { params, query, body: read.body, textBody: read.textBody });
  if ("violations" in checked) {
    for (const { location, departures } of checked.drift) context.drift.record({ direction: "request", operationId, location }, departures);
    // The one refusal the document gives its own answer: delete chunks by id without chunkId.
    if (operationId === "deleteChunksById" && checked.violations.every((v) => v.in === "body" && v.field === "/chunkId" && (v.rule === "required" || v.rule === "minItems"))) {
      return checkedAnswer(operationId, { status: 400, body: { message: "One or more chunkIds don't exist" } }, context.drift);
    }
    return problem(422, "request", "Invalid request", checked.violations);
  }

  // The address the caller reached the mock at, for the URLs an answer hands out; set just before
  // the handler runs, which it does synchronously.
  context.baseUrl = origin;
  const answer = handlers[operationId](context, { operationId, params, query: checked.ok.query, body: checked.ok.body });
  return checkedAnswer(operationId, answer, context.drift);
}
