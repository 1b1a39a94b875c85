// The interface between the portability test and a program that calls the spec's operations
// through another generator's client. The test copies this file next to the generated code, so
// it imports nothing: the calling program is compiled on its own, away from this repository.

/** Values the spec says are valid for one operation, taken from the spec by the test. */
export interface CallInput {
  /** Every path parameter, by name. */
  path: Record<string, string>;
  /** Every required query parameter, by name. */
  query: Record<string, string>;
  /** The header the operation's security scheme names, for clients that do not read `security`. */
  credential: { header: string; value: string };
  /**
   * The operation's first named request example under each of its request media types, keyed by
   * media type. Multipart examples carry a File for each binary field, as a caller would pass one
   * (a File is a Blob; one generator's schema insists on File).
   */
  bodies: Record<string, unknown>;
}

/** What the server answered, as the generated client reports it. */
export interface CallOutcome {
  status: number;
  body: unknown;
}

/** One entry per operationId; the test fails for an operation of the spec that has none. */
export type Calls = Record<string, (input: CallInput) => Promise<CallOutcome>>;

/**
 * Every calling program exports this, so the test can drive them all alike. `credentials` maps
 * a header name to its value, for clients that read `security` and ask for the header it names.
 */
export type CreateCalls = (options: { baseUrl: string; credentials: Record<string, string> }) => Calls;
