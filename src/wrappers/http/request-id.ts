// The id a service gives an answer, from whichever header carries it: errors quote it and the
// debug log of every attempt prints it, so a report to the service names the very request.
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-amzn-requestid", "x-correlation-id"];

export function requestIdOf(headers: { get(name: string): string | null }): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}
