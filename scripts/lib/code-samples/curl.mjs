// The curl sample of an operation: the spec's method and path with the example's ids, the
// credential header the operation names (from the environment, as the client and the command
// read it), and the example body as JSON or as multipart fields with the file read from disk.
import { shellWord } from "../../../src/cli/shell-word.js";

const SHORT_BODY = 60;
const CREDENTIAL = {
  apiKey: '-H "x-api-key: $PLATFORM_API_KEY"',
  jwtAuth: '-H "auth: $PLATFORM_JWT"',
};

/** @param {import("./sample-inputs.mjs").SampleInputs} inputs */
export function curlSample(inputs) {
  const path = inputs.path.replace(/\{([^}]+)\}/g, (_whole, name) => encodeURIComponent(String(inputs.params[name])));
  const query = new URLSearchParams(Object.entries(inputs.query).map(([name, value]) => [name, String(value)])).toString();
  const method = inputs.method.toUpperCase();
  const lines = [`curl${method === "GET" ? "" : ` -X ${method}`} "$PLATFORM_BASE_URL${path}${query ? `?${query}` : ""}"`, CREDENTIAL[inputs.security]];
  if (inputs.body !== undefined && inputs.mediaType === "multipart/form-data") {
    for (const [name, value] of Object.entries(inputs.body)) {
      const field = inputs.fileParts.includes(name) ? `${name}=@${value}` : `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`;
      lines.push(`-F ${shellWord(field)}`);
    }
  } else if (inputs.body !== undefined) {
    // A short body on the command's line, a longer one laid out.
    const compact = JSON.stringify(inputs.body);
    lines.push("-H 'content-type: application/json'", `-d ${shellWord(compact.length <= SHORT_BODY ? compact : JSON.stringify(inputs.body, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}
