// Prism as a child process: a mock (or validating proxy) of the spec on 127.0.0.1, for the tests
// and the mock and start scripts, through the same launcher as the package's startMock.
import { launchPrism } from "../../src/mock/prism/prism-process.js";
import { cliEntry, toolEnv } from "./node-cli.mjs";
import { specPath } from "./spec.mjs";
import { startViolationAnswers } from "./violation-answers.mjs";

const HOST = "127.0.0.1";

const launch = (/** @type {string[]} */ args, /** @type {number | undefined} */ readyTimeoutMs = undefined) =>
  launchPrism({ script: cliEntry("@stoplight/prism-cli", "prism"), args, env: toolEnv, ...(readyTimeoutMs === undefined ? {} : { readyTimeoutMs }) });

/**
 * Mock server of `spec`; `port: 0` lets the OS pick a free port. `readyTimeoutMs`: how long Prism
 * may take to say it listens (the launcher's default when left out).
 * @param {{ spec?: string, port?: number, errors?: boolean, dynamic?: boolean, extraArgs?: string[], readyTimeoutMs?: number }} [options]
 */
export function startPrism({ spec = specPath(), port = 0, errors = false, dynamic = false, extraArgs = [], readyTimeoutMs } = {}) {
  const args = ["mock", spec, "-h", HOST, "-p", String(port)];
  if (errors) args.push("--errors");
  if (dynamic) args.push("--dynamic");
  return launch([...args, ...extraArgs], readyTimeoutMs);
}

/**
 * Validating proxy to `upstream`: responses that break the spec become 500s (--errors).
 * @param {{ spec?: string, upstream: string, port?: number, extraArgs?: string[] }} options
 */
export function startPrismProxy({ spec = specPath(), upstream, port = 0, extraArgs = [] }) {
  if (!upstream) throw new Error("startPrismProxy needs an upstream URL");
  return launch(["proxy", spec, upstream, "-h", HOST, "-p", String(port), "--errors", ...extraArgs]);
}

/**
 * The Prism mock as `npm start` and `npm run mock` serve it to people and to the API reference's
 * Test request: Prism on a free port behind ./violation-answers.mjs on `port`, so that a refused
 * request's body names what was wrong with it. Rejects with code EADDRINUSE when `port` is taken.
 * `readyTimeoutMs` as for startPrism.
 * @param {{ port?: number, readyTimeoutMs?: number }} [options]
 */
export async function startPrismMock({ port = 0, readyTimeoutMs } = {}) {
  const prism = await startPrism({ port: 0, ...(readyTimeoutMs === undefined ? {} : { readyTimeoutMs }) });
  try {
    const front = await startViolationAnswers({ target: prism.url, port });
    return { url: front.url, prism, stop: async () => void (await Promise.all([front.close(), prism.stop()])) };
  } catch (error) {
    await prism.stop();
    throw error;
  }
}
