// A pass-through in front of Prism's validating proxy that prints the violations Prism finds.
// With --errors Prism answers a request or a response that breaks the spec with a problem+json
// (422, or 401 for a missing credential, for a request; 500 for an upstream response) listing the
// violations, but its own log says only "Request terminated with error": which field broke the
// spec would reach the caller alone. Only Prism's own small problem+json answers are read here;
// every other body streams through untouched, so large uploads and downloads cost nothing extra.
import { request } from "node:http";
import { endToEnd, listenLocally, pipeRequest } from "./pass-through.mjs";
import { isRecord } from "./json-members.mjs";

const PRISM_PROBLEM = "https://stoplight.io/prism/errors#";

/**
 * @param {string | string[]} text a header's value or a body (a header given twice reads as its values joined by commas)
 * @returns {import("./json-types.ts").JsonValue | undefined} undefined when the text is not JSON
 */
function parsed(text) {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

/**
 * @param {unknown} list Prism's violations: [{ location, message, code }]
 */
function violationLines(list) {
  if (!Array.isArray(list)) return [];
  return list.map((v) => `    ${(v.location ?? []).join(".")}  ${v.message ?? v.code ?? ""}`);
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and forwards everything to `target` (Prism).
 * `onProblem(method, path, problem)` also gets each of Prism's own problems (a refused request,
 * an answer that broke the spec), for the drift report.
 * @param {{ target: string, port?: number, log?: (line: string) => void, onProblem?: (method: string, path: string,
 *   problem: { validation?: unknown[] }) => void }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startViolationLog({ target, port = 0, log = console.log, onProblem = () => {} }) {
  return listenLocally((req, res) => {
    // Only origin-form targets ("/path"): an absolute URL would name another host than Prism.
    if (!req.url?.startsWith("/")) {
      res.writeHead(400, { "content-type": "text/plain" }).end("expected a path, not an absolute URL\n");
      return;
    }
    // The query stays out of the log: the path is enough to find the call, and nothing else leaks.
    const method = req.method ?? "GET";
    const path = String(req.url.split("?")[0]);
    const where = `${method} ${path}`;
    const forward = request(new URL(req.url, target), { method: req.method, headers: endToEnd(req.headers) }, (answer) => {
      // An answer cut off half way is cut off for the client too, not left hanging.
      answer.on("error", () => res.destroy());
      const headers = endToEnd(answer.headers);
      if (!/^application\/problem\+json/.test(answer.headers["content-type"] ?? "")) {
        // A passing answer may still carry warnings in the header.
        const warnings = /** @type {{ length?: number } | undefined} */ (parsed(answer.headers["sl-violations"] ?? ""));
        if (warnings?.length) log([`[violations] ${where} -> ${answer.statusCode}`, ...violationLines(warnings)].join("\n"));
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        return;
      }
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        const answered = parsed(body.toString("utf8"));
        const problem = isRecord(answered) ? answered : undefined;
        // Problems of the upstream's own are its answer, not a spec violation.
        if (typeof problem?.type === "string" && problem.type.startsWith(PRISM_PROBLEM)) {
          log([`[violations] ${where} -> ${answer.statusCode} ${problem.title ?? ""}`.trimEnd(), ...violationLines(problem.validation)].join("\n"));
          onProblem(method, path, problem);
        }
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    pipeRequest(req, res, forward, (error) => log(`[proxy] ${where}: Prism unreachable: ${error.message}`));
  }, port);
}
