// A pass-through in front of the Prism mock that puts the request's own violations in the body
// of Prism's refusal. When an operation declares its own 400 (or 422, 401), Prism refuses a bad
// request with that response's example, which speaks of another request altogether (the shared
// BadArgument example: "Invalid value for modelType"), and says what was really wrong only in
// the `sl-violations` header, which the API reference's Test request does not show. Here such an
// answer keeps its status and headers, and its body becomes the violations in the spec's
// ErrorBody shape (`message`, and `errors` of `{msg, code}`), valid for every operation. Every
// other answer, Prism's own problem+json included, streams through untouched.
import { request } from "node:http";
import { endToEnd, listenLocally, pipeRequest } from "./pass-through.mjs";

/**
 * @param {string | string[]} text a header's value (a header given twice reads as its values joined by commas)
 * @returns {unknown} undefined when the text is not JSON
 */
function parsed(text) {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

/**
 * The Error violations of an `sl-violations` header, each as "where: message".
 * @param {string | string[] | undefined} header
 */
export function violationMessages(header) {
  const list = parsed(header ?? "");
  if (!Array.isArray(list)) return [];
  return list
    .filter((v) => v?.severity === "Error" && typeof v.message === "string")
    .map((v) => {
      // ["request", "body", "hyperParameters"] -> "body.hyperParameters"; the request itself -> nothing.
      /** @type {unknown[]} */
      const location = Array.isArray(v.location) ? v.location : [];
      const where = location.filter((part, i) => !(i === 0 && part === "request")).join(".");
      return where ? `${where}: ${v.message}` : v.message;
    });
}

/**
 * The body that names the violations, in the spec's ErrorBody shape.
 * @param {number} status
 * @param {string[]} messages
 */
export function violationBody(status, messages) {
  return { message: messages.join("; "), errors: messages.map((msg) => ({ msg, code: status })) };
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and forwards everything to `target` (Prism).
 * @param {{ target: string, port?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startViolationAnswers({ target, port = 0, log = console.error }) {
  return listenLocally((req, res) => {
    if (!req.url?.startsWith("/")) {
      res.writeHead(400, { "content-type": "text/plain" }).end("expected a path, not an absolute URL\n");
      return;
    }
    const where = `${req.method} ${req.url.split("?")[0]}`;
    const forward = request(new URL(req.url, target), { method: req.method, headers: endToEnd(req.headers) }, (answer) => {
      answer.on("error", () => res.destroy());
      const headers = endToEnd(answer.headers);
      const status = answer.statusCode ?? 502;
      const messages = status >= 400 && status < 500 && !/^application\/problem\+json/.test(answer.headers["content-type"] ?? "") ? violationMessages(answer.headers["sl-violations"]) : [];
      if (messages.length === 0) {
        res.writeHead(status, headers);
        answer.pipe(res);
        return;
      }
      // Prism's example body is small; it is read to its end and replaced.
      answer.resume();
      answer.on("end", () => {
        const body = Buffer.from(JSON.stringify(violationBody(status, messages)));
        delete headers["content-length"];
        res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": String(body.length) }).end(body);
      });
    });
    pipeRequest(req, res, forward, (error) => log(`[mock] ${where}: Prism unreachable: ${error.message}`));
  }, port);
}
