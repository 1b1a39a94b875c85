// Options of the stateful mock, checked up front: a bad one is refused with its name and rule
// before anything listens, a misspelt one with the option it resembles (the client's own check).
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { optionKeys, unknownKeyIssues } from "../../kernel/option-check.js";
import { isRecord } from "../../kernel/records.js";
import { type Chunk, loadChunkFixture } from "./state/chunks.js";
import type { JobTiming } from "./state/jobs.js";
import { validateFaultRule, type FaultRule } from "./scenarios/faults.js";
import { checkCorsOrigins, type CorsOrigins } from "./http/cors.js";

export interface StatefulMockOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number | undefined;
  /** Interface to listen on (default 127.0.0.1, off the network). */
  host?: string | undefined;
  /** Seed of every id, job-id spelling and fault rate: the same seed, the same run (default 1). */
  seed?: number | undefined;
  /** When jobs end: after `polls` polls answered IN_PROGRESS (default 1) and/or `ms` milliseconds. */
  jobs?: JobTiming | undefined;
  /** Seed chunks of every application: a JSON or JSONL file path, or the chunks themselves. */
  chunks?: string | readonly Record<string, unknown>[] | undefined;
  /** Chunks per page of Get chunks by condition (default 10). */
  chunkPageSize?: number | undefined;
  /** How long an import session lives before it expires (default one hour). */
  sessionTtlMs?: number | undefined;
  /** When set, x-api-key must be exactly this (else any non-empty value passes). */
  apiKey?: string | undefined;
  /** When set, the chunk operations' auth header must be exactly this. */
  jwt?: string | undefined;
  /** Fault rules active from the start (more with inject()). */
  faults?: readonly FaultRule[] | undefined;
  /** Most requests the request log keeps (default 10,000; older ones drop off). */
  logLimit?: number | undefined;
  /**
   * Things that exist on the platform before the test starts, by id: models imported earlier
   * (ready to deploy) and tools imported earlier (ready to export and deploy). "examples": the
   * models and tools the spec's examples and the guides name (EXAMPLE_ENTITIES), and the other
   * records the spec's examples name (connections, an import session, a job, an attachment,
   * uploaded files: ./state/example-records.ts).
   */
  existing?: ExistingEntities | "examples" | undefined;
  /**
   * Origins whose pages may call the mock from a browser (CORS), e.g. ["http://127.0.0.1:4020"]
   * for the rendered docs, or "*" for any. Left out, the mock sends no CORS headers.
   */
  corsOrigins?: CorsOrigins | undefined;
}

/** The models and tools the spec's examples and the guides' samples use, so those run as written. */
export const EXAMPLE_ENTITIES: Readonly<{ models: readonly string[]; tools: readonly string[] }> = Object.freeze({
  models: Object.freeze(["cm-4e5f6a7b", "cm-9c0d1e2f"]),
  tools: Object.freeze(["a-5e6f7a8b", "a-0d1e2f3a"]),
});

export interface ExistingEntities {
  /** `cm-` ids of models already imported. */
  models?: readonly string[] | undefined;
  /** `a-` ids of tools already imported. */
  tools?: readonly string[] | undefined;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  seed: number;
  jobs: JobTiming;
  /** The seed chunks, checked (and read from the fixture file) once, with the other options. */
  chunks: Chunk[];
  chunkPageSize: number;
  sessionTtlMs: number;
  apiKey: string | undefined;
  jwt: string | undefined;
  faults: FaultRule[];
  logLimit: number;
  existing: ResolvedExisting;
  corsOrigins: CorsOrigins | undefined;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** Every option of the stateful mock, `stateful` itself first (startMock's switch). */
export const STATEFUL_OPTIONS = optionKeys<StatefulMockOptions & { stateful?: true }>({
  stateful: true,
  port: true,
  host: true,
  seed: true,
  jobs: true,
  chunks: true,
  chunkPageSize: true,
  sessionTtlMs: true,
  apiKey: true,
  jwt: true,
  faults: true,
  logLimit: true,
  existing: true,
  corsOrigins: true,
});

/** The models and tools that exist from the start, and whether the spec's other example records do. */
export interface ResolvedExisting {
  models: string[];
  tools: string[];
  records?: true;
}

/**
 * Checks the ids of `existing`, each against the prefix the spec's path parameters require: the
 * ids, or a ValidationError naming every issue (addExisting's refusal, an issue of startMock's).
 */
export function resolveExisting(existing: unknown, where = "startMock: existing"): ResolvedExisting {
  if (existing === undefined) return { models: [], tools: [] };
  if (existing === "examples") return { models: [...EXAMPLE_ENTITIES.models], tools: [...EXAMPLE_ENTITIES.tools], records: true };
  if (!isRecord(existing)) throw new ValidationError([{ field: where, rule: "type", message: `${where} must be "examples" or an object { models?, tools? }` }]);
  const issues = unknownKeyIssues(existing, ["models", "tools"], where);
  const ids = (key: "models" | "tools", pattern: RegExp, prefix: string): string[] => {
    const list: unknown = existing[key] ?? [];
    if (Array.isArray(list) && list.every((id) => typeof id === "string" && pattern.test(id))) return [...list];
    issues.push({ field: `${where}.${key}`, rule: "pattern", message: `${where}.${key} must be a list of ids starting with ${prefix}` });
    return [];
  };
  const resolved = { models: ids("models", /^cm-\S+$/, "cm-"), tools: ids("tools", /^a-\S+$/, "a-") };
  if (issues.length > 0) throw new ValidationError(issues);
  return resolved;
}

/** Collects the issues of one option's check, keeping its value when it passes. */
class IssueList {
  readonly issues: ValidationIssue[] = [];

  add(field: string, rule: string, message: string): undefined {
    this.issues.push({ field, rule, message });
    return undefined;
  }

  /**
   * A check that throws (shared with the scenario methods): the issues of its ValidationError, or
   * its sentence as an issue of `field`.
   */
  run<T>(field: string, rule: string, check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ValidationError)) return this.add(field, rule, (error as Error).message);
      this.issues.push(...error.issues);
      return undefined;
    }
  }

  integer(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    if (value === undefined) return undefined;
    if (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) return value as number;
    return this.add(name, Number.isInteger(value) ? "range" : "type", `${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }

  text(value: unknown, name: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === "string" && value !== "") return value;
    return this.add(name, typeof value === "string" ? "minLength" : "type", `${name} must be a non-empty string`);
  }
}

/**
 * Every option checked at once: the resolved options, or every issue (each naming its field and
 * rule). `known` is the options the caller takes (the in-process mock has no port or host).
 */
export function checkOptions(options: unknown, known: readonly string[] = STATEFUL_OPTIONS): { resolved: ResolvedOptions } | { issues: ValidationIssue[] } {
  const list = new IssueList();
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    return { issues: [{ field: "options", rule: "type", message: "options must be an object" }] };
  }
  const o = options as StatefulMockOptions;
  list.issues.push(...unknownKeyIssues(o, known, ""));
  let jobs: JobTiming = {};
  if (o.jobs !== undefined && (typeof o.jobs !== "object" || o.jobs === null || Array.isArray(o.jobs))) list.add("jobs", "type", "jobs must be an object { polls?, ms? }");
  else if (o.jobs !== undefined) {
    list.issues.push(...unknownKeyIssues(o.jobs, ["polls", "ms"], "jobs"));
    const polls = list.integer(o.jobs.polls, "jobs.polls", 0);
    const ms = list.integer(o.jobs.ms, "jobs.ms", 0);
    jobs = { ...(polls !== undefined ? { polls } : {}), ...(ms !== undefined ? { ms } : {}) };
  }
  const chunks = list.run("chunks", "chunk", () => loadChunkFixture(o.chunks)) ?? [];
  const faults: FaultRule[] = [];
  if (o.faults !== undefined && !Array.isArray(o.faults)) list.add("faults", "type", "faults must be an array of fault rules");
  else {
    (o.faults ?? []).forEach((rule, i) => {
      list.run(`faults[${i}]`, "faultRule", () => faults.push(validateFaultRule(rule, `faults[${i}]`)));
    });
  }
  const resolved: ResolvedOptions = {
    port: list.integer(o.port, "port", 0, 65535) ?? 0,
    host: list.text(o.host, "host") ?? "127.0.0.1",
    seed: list.integer(o.seed, "seed", 0, 2 ** 32 - 1) ?? 1,
    jobs,
    chunks,
    chunkPageSize: list.integer(o.chunkPageSize, "chunkPageSize", 1, 10_000) ?? 10,
    // Bounded so that an expirationDate stays a date JavaScript can write.
    sessionTtlMs: list.integer(o.sessionTtlMs, "sessionTtlMs", 1, TEN_YEARS_MS) ?? 60 * 60 * 1000,
    apiKey: list.text(o.apiKey, "apiKey"),
    jwt: list.text(o.jwt, "jwt"),
    faults,
    logLimit: list.integer(o.logLimit, "logLimit", 1) ?? 10_000,
    existing: list.run("existing", "format", () => resolveExisting(o.existing, "existing")) ?? { models: [], tools: [] },
    corsOrigins: list.run("corsOrigins", "origin", () => checkCorsOrigins(o.corsOrigins)),
  };
  return list.issues.length > 0 ? { issues: list.issues } : { resolved };
}

/** startMock's options checked, or a ValidationError naming every bad one (the client's convention for a bad option). */
export function resolveOptions(options: StatefulMockOptions & { stateful?: boolean }): ResolvedOptions {
  const checked = checkOptions(options);
  if ("issues" in checked) throw new ValidationError(checked.issues, "startMock");
  return checked.resolved;
}

export type { Chunk, CorsOrigins };
