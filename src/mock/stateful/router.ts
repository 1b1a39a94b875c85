// Routing by the generated operation table: each path template of the spec becomes a pattern,
// so a request finds its operationId, path parameters and credential header from the spec alone.
import { operations, type OperationId } from "../../generated/operations.js";
import { group } from "../../kernel/present.js";

export interface Route {
  operationId: OperationId;
  /** Path parameters, decoded, by the template's names. */
  params: Record<string, string>;
}

export type RouteResult = { route: Route } | { allowed: string[] } | undefined;

interface CompiledOperation {
  operationId: OperationId;
  method: string;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(operationId: OperationId): CompiledOperation {
  const { method, path } = operations[operationId];
  const names: string[] = [];
  const source = path
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escapeRegExp(piece);
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  return { operationId, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), names };
}

// Fewer parameters first, so a literal segment wins over a template that would also match it
// (`/files/session/start` before `/files/session/{sessionId}`, `/chunk/list` before `/chunk/{chunkId}`).
const COMPILED = (Object.keys(operations) as OperationId[]).map(compile).sort((a, b) => a.names.length - b.names.length);

// The same list by method, so a request tries only the patterns of its own method first.
const BY_METHOD = new Map<string, CompiledOperation[]>();
for (const operation of COMPILED) BY_METHOD.set(operation.method, [...(BY_METHOD.get(operation.method) ?? []), operation]);

/** The operation a method and path name, or the methods the path allows, or undefined. */
export function route(method: string, pathname: string): RouteResult {
  for (const operation of BY_METHOD.get(method) ?? []) {
    const match = operation.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    // Each name is a "([^/]+)" group of the pattern, so each took part in the match.
    for (const [i, name] of operation.names.entries()) params[name] = safeDecode(group(match, i + 1));
    return { route: { operationId: operation.operationId, params } };
  }
  // No operation of this method: the methods whose patterns take the path, for a 405.
  const allowed = COMPILED.filter((operation) => operation.method !== method && operation.pattern.test(pathname)).map((operation) => operation.method);
  return allowed.length > 0 ? { allowed } : undefined;
}

/**
 * The path and query a request line names, or undefined when it names none. Read as a path even
 * when it starts with "//", which URL would take for a host ("//x/api/..." is no path of the spec).
 */
export function targetOf(raw: string): URL | undefined {
  try {
    // The absolute form, which a client sends to a server it takes for a proxy.
    if (/^https?:\/\//i.test(raw)) {
      const absolute = new URL(raw);
      return new URL(`http://mock.invalid${absolute.pathname}${absolute.search}`);
    }
    return raw.startsWith("/") ? new URL(`http://mock.invalid${raw}`) : undefined;
  } catch {
    return undefined;
  }
}

// A malformed escape is left as sent; the path validator then names the parameter.
function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
