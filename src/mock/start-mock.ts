// Mocks of the platform for other people's test suites, on localhost and a free port:
//
// - the contract mock (the default): Prism serving the spec that ships in this package. Each
//   request is answered alone from the spec's examples. Needs @stoplight/prism-cli installed.
// - the stateful mock (`stateful: true`): a node:http server in this process, answering from
//   in-memory state, so flows finish (jobs end, created things are listed, cursors move) with
//   faults on demand. Needs nothing beyond this package, and never loads Prism.
//
// Each is loaded only when asked for. createStatefulMock is the stateful mock with no server at
// all: the same core behind a `fetch` (./stateful/in-process.ts); its listen() loads the server.
// Where there is no Node (a browser bundle), the entry is ./portable.ts, with that alone.
import { fileURLToPath } from "node:url";
import { ValidationError, type ValidationIssue } from "../kernel/errors.js";
import { optionKeys, unknownKeyIssues } from "../kernel/option-check.js";
import type { PrismMockServer } from "./prism/start-prism-mock.js";
import { STATEFUL_OPTIONS } from "./stateful/options.js";
import type { ExistingEntities, JobTiming, LoggedRequest, MockStateSummary, StatefulMock, StatefulMockOptions } from "./stateful/server.js";
import { buildStatefulMock, type InProcessMock, type InProcessMockOptions } from "./stateful/in-process.js";

export type { FaultRule, FaultKind } from "./stateful/scenarios/faults.js";
export type { CorsOrigins } from "./stateful/http/cors.js";
export type { ExistingEntities, JobTiming, LoggedRequest, MockStateSummary, StatefulMock, StatefulMockOptions };
export type { InProcessMock, InProcessMockOptions, ListenOptions } from "./stateful/in-process.js";
export type { HandleOptions } from "./stateful/core.js";
export type { HeaderLookup, IncomingRequest } from "./stateful/http/incoming.js";

const PRISM_OPTIONS = optionKeys<StartMockOptions>({ stateful: true, port: true, host: true, spec: true, dynamic: true, errors: true, readyTimeoutMs: true });

/**
 * Which mock the options ask for, checked before either starts: a misspelt `stateful` must not
 * start Prism with the option dropped, nor an option of one mock pass silently to the other.
 * Refusals are one ValidationError naming every issue, as the client refuses a bad option.
 */
function checkMockChoice(options: unknown): void {
  const refuse = (issues: ValidationIssue[]) => {
    if (issues.length > 0) throw new ValidationError(issues, "startMock");
  };
  if (typeof options !== "object" || options === null || Array.isArray(options)) refuse([{ field: "options", rule: "type", message: "options must be an object" }]);
  const record = options as Record<string, unknown>;
  const { stateful } = record;
  if (stateful !== undefined && typeof stateful !== "boolean") refuse([{ field: "stateful", rule: "type", message: `stateful must be true or false (got ${JSON.stringify(stateful)})` }]);
  const [own, other] = stateful ? [STATEFUL_OPTIONS, PRISM_OPTIONS] : [PRISM_OPTIONS, STATEFUL_OPTIONS];
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(record)) {
    if (own.includes(key) || !other.includes(key)) continue;
    issues.push({ field: key, rule: "otherMock", message: stateful ? `${key} is an option of the contract mock (Prism), not of stateful: true` : `${key} is an option of the stateful mock (stateful: true)` });
  }
  // The stateful mock's own check (resolveOptions) also covers what the caller passes it directly.
  if (!stateful) issues.push(...unknownKeyIssues(record, PRISM_OPTIONS, "").filter((issue) => !other.includes(issue.field)));
  refuse(issues);
}

/** The spec shipped with this package (openapi/platform.yaml at the package root). */
export const PACKAGED_SPEC = fileURLToPath(new URL("../../openapi/platform.yaml", import.meta.url));

export interface StartMockOptions {
  /** false or left out: the Prism contract mock. */
  stateful?: false | undefined;
  /** Port to listen on; 0 (the default) lets the system pick a free one. */
  port?: number | undefined;
  /** Interface to listen on; the default keeps the mock off the network. */
  host?: string | undefined;
  /** Another spec file, e.g. a newer one under test; the packaged spec otherwise. */
  spec?: string | undefined;
  /** Generate responses from the schemas instead of serving the spec's examples. */
  dynamic?: boolean | undefined;
  /** Answer 500 when a response the mock builds breaks the spec. */
  errors?: boolean | undefined;
  /** How long Prism may take to start listening (default 30 s). */
  readyTimeoutMs?: number | undefined;
}

export interface StartStatefulMockOptions extends StatefulMockOptions {
  /** The stateful mock: state in memory, flows that finish, faults on demand. */
  stateful: true;
}

export interface MockServer {
  /** Base URL, e.g. http://127.0.0.1:40123: pass it as `baseUrl` to createPlatformClient. */
  url: string;
  /** Stops Prism (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Prism's recent log lines, for a failing test's message. */
  output(): string;
  /** Prism's process id. */
  pid: number | undefined;
}

/** The stateful mock: `url`, `stop()`, and the scenario methods (see the guide "Testing with the mock"). */
export type StatefulMockServer = StatefulMock;

// Only the launcher's own code: Prism itself is looked up and started on demand.
export { findPrism } from "./prism/start-prism-mock.js";

/**
 * Starts a mock; resolves once it listens. Call stop() when done.
 * `startMock()` starts Prism on the packaged spec; `startMock({ stateful: true })` the stateful mock.
 * A port that is taken rejects with an error whose `code` is "EADDRINUSE", carrying the `port`.
 */
export function startMock(options: StartStatefulMockOptions): Promise<StatefulMockServer>;
export function startMock(options?: StartMockOptions): Promise<MockServer>;
export async function startMock(options: StartMockOptions | StartStatefulMockOptions = {}): Promise<MockServer | StatefulMockServer> {
  checkMockChoice(options);
  if (options.stateful === true) {
    const { stateful: _stateful, ...settings } = options;
    return (await import("./stateful/server.js")).startStatefulMock(settings);
  }
  const { stateful: _stateful, spec = PACKAGED_SPEC, ...settings } = options;
  const server: PrismMockServer = await (await import("./prism/start-prism-mock.js")).startPrismMock({ ...settings, spec });
  return server;
}

/**
 * The stateful mock in this process, built at once: no port, no socket. Give its `fetch` and
 * `url` to the client (`createPlatformClient({ baseUrl: mock.url, fetch: mock.fetch, ... })`);
 * `handle(request)` is the same mock for a framework that takes a handler (an MSW handler);
 * the scenario methods are the HTTP mock's; `listen({ port, host })` puts the same state behind
 * a socket, resolving to the HTTP mock. Bad options throw a ValidationError naming each one.
 */
export function createStatefulMock(options?: InProcessMockOptions): InProcessMock {
  return buildStatefulMock(options, async (shared, address) => {
    const { StatefulMock } = await import("./stateful/server.js");
    return new StatefulMock(shared, address).listen();
  });
}
