// The Node entry's networking options, checked when the client is made: a misspelt key or a
// wrong type fails at start-up with the option's name and the rule, not as a connection error
// on the first request. Values are never quoted back: a TLS key, a passphrase or a proxy
// password may be among them.
import { X509Certificate } from "node:crypto";
import { createSecureContext } from "node:tls";
import type { Dispatcher } from "undici";

import { ConfigurationError, type ValidationIssue } from "../kernel/errors.js";
import { closestName } from "../kernel/option-check.js";
import { checkedProxyUrl } from "./proxy-env.js";

/** PEM text: a string, or its bytes. */
export type Pem = string | Uint8Array;

/** TLS settings of a connection, as node:tls takes them. */
export interface TlsOptions {
  /** Trusted CA certificates (PEM). They replace Node's default roots; add `tls.rootCertificates` to keep those. */
  ca?: Pem | Pem[] | undefined;
  /** Client certificate chain (PEM), for a server that asks for one; needs `key`. */
  cert?: Pem | Pem[] | undefined;
  /** Private key of `cert` (PEM). */
  key?: Pem | Pem[] | undefined;
  /** Decrypts an encrypted `key`. */
  passphrase?: string | undefined;
  /** Default true. False accepts any certificate: for a test rig, never for a real service. */
  rejectUnauthorized?: boolean | undefined;
  /** The name the certificate must carry, when it differs from the URL's host (e.g. a URL with an IP address). */
  servername?: string | undefined;
}

export interface NetworkOptions {
  /** An undici Dispatcher of the caller's: used as it is; the environment is not read and no other option may be set. */
  dispatcher?: Dispatcher | undefined;
  /**
   * A proxy URL for every request (http: or https:, credentials allowed), or false to ignore
   * the environment. Default: HTTP_PROXY / HTTPS_PROXY / NO_PROXY (lower-case spellings first).
   */
  proxy?: string | URL | false | undefined;
  /** TLS toward the service (through a proxy too): a private CA, a client certificate. */
  tls?: TlsOptions | undefined;
  /** TLS toward an https: proxy. */
  proxyTls?: TlsOptions | undefined;
  /** How long an idle connection is kept for the next call when the server gives no Keep-Alive hint. Default 4 s. */
  keepAliveTimeoutMs?: number | undefined;
  /** Connections per origin at most; further calls queue. Default: no limit, as Node's fetch. */
  connections?: number | undefined;
  /** TCP and TLS handshake, per connection. Default 10 s. */
  connectTimeoutMs?: number | undefined;
}

export interface CheckedNetworkOptions {
  dispatcher: Dispatcher | undefined;
  /** A checked URL, false, or undefined for the environment. */
  proxy: string | false | undefined;
  tls: TlsOptions | undefined;
  proxyTls: TlsOptions | undefined;
  keepAliveTimeoutMs: number;
  connections: number | undefined;
  connectTimeoutMs: number;
}

// Below the 5 s idle limit of Node's own server and far below load balancers' 60 s, so this
// side gives a socket up before a server closes it under a request.
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 4_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

const NETWORK_KEYS = ["dispatcher", "proxy", "tls", "proxyTls", "keepAliveTimeoutMs", "connections", "connectTimeoutMs"] as const;
const TLS_KEYS = ["ca", "cert", "key", "passphrase", "rejectUnauthorized", "servername"] as const;

/** The options checked, or a ConfigurationError (a ValidationError) naming every bad one. */
export function checkNetworkOptions(options: NetworkOptions | undefined): CheckedNetworkOptions {
  const { checked, issues } = inspectNetworkOptions(options);
  if (checked === undefined) throw new ConfigurationError(issues);
  return checked;
}

/** The options checked, or every issue found in them, each naming the option and the rule. */
export function inspectNetworkOptions(options: NetworkOptions | undefined): { checked?: CheckedNetworkOptions; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const must: Must = (field, rule, message) => issues.push({ field, rule, message });
  const o = (options ?? {}) as Record<string, unknown>;
  if (!isPlainObject(o)) return { issues: [{ field: "options", rule: "type", message: "network options must be an object" }] };
  checkKeys(o, NETWORK_KEYS, "", must);

  const { dispatcher } = o;
  if (dispatcher !== undefined) {
    if (typeof dispatcher !== "object" || dispatcher === null || typeof (dispatcher as Dispatcher).dispatch !== "function") {
      must("dispatcher", "type", "dispatcher must be an undici Dispatcher (an object with a dispatch() method)");
    }
    const others = NETWORK_KEYS.filter((key) => key !== "dispatcher" && o[key] !== undefined);
    const [first] = others;
    if (first !== undefined) must(first, "not", `dispatcher replaces the client's own networking, so ${others.join(", ")} cannot be set with it: configure your dispatcher instead`);
  }

  const proxy = checkProxy(o.proxy, must);
  const tls = checkTls(o.tls, "tls", must);
  const proxyTls = checkTls(o.proxyTls, "proxyTls", must);
  if (proxy === false && proxyTls) must("proxyTls", "not", "proxyTls cannot be set with proxy: false, since no proxy is used");
  const keepAliveTimeoutMs = positiveMs(o.keepAliveTimeoutMs, "keepAliveTimeoutMs", must) ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  const connections = positiveInteger(o.connections, "connections", must);
  const connectTimeoutMs = positiveMs(o.connectTimeoutMs, "connectTimeoutMs", must) ?? DEFAULT_CONNECT_TIMEOUT_MS;
  if (issues.length > 0) return { issues };
  return { checked: { dispatcher: dispatcher as Dispatcher | undefined, proxy, tls, proxyTls, keepAliveTimeoutMs, connections, connectTimeoutMs }, issues };
}

type Must = (field: string, rule: string, message: string) => void;

function checkProxy(value: unknown, must: Must): string | false | undefined {
  if (value === undefined || value === false) return value;
  try {
    if (value instanceof URL) return checkedProxyUrl(value.href, "proxy");
    if (typeof value === "string" && value.trim() !== "") return checkedProxyUrl(value.trim(), "proxy");
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    for (const issue of error.issues) must(issue.field, issue.rule, issue.message);
    return undefined;
  }
  must("proxy", "type", "proxy must be a proxy URL (a non-empty string or a URL), or false to ignore HTTP_PROXY and HTTPS_PROXY");
  return undefined;
}

function checkTls(value: unknown, option: string, mustAll: Must): TlsOptions | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    mustAll(option, "type", `${option} must be an object of TLS settings (${TLS_KEYS.join(", ")})`);
    return undefined;
  }
  let found = 0;
  const must: Must = (field, rule, message) => {
    found++;
    mustAll(field, rule, message);
  };
  checkKeys(value, TLS_KEYS, `${option}.`, must);
  const t = value as TlsOptions;
  for (const key of ["ca", "cert", "key"] as const) {
    const pem = t[key];
    if (pem !== undefined && !isPem(pem) && !(Array.isArray(pem) && pem.length > 0 && pem.every(isPem))) {
      must(`${option}.${key}`, "type", `${option}.${key} must be PEM text: a string, a Buffer, or a non-empty array of them`);
    }
  }
  if (t.passphrase !== undefined && typeof t.passphrase !== "string") must(`${option}.passphrase`, "type", `${option}.passphrase must be a string`);
  if (t.rejectUnauthorized !== undefined && typeof t.rejectUnauthorized !== "boolean") must(`${option}.rejectUnauthorized`, "type", `${option}.rejectUnauthorized must be a boolean`);
  if (t.servername !== undefined && (typeof t.servername !== "string" || t.servername === "")) must(`${option}.servername`, "minLength", `${option}.servername must be a non-empty host name`);
  if ((t.cert === undefined) !== (t.key === undefined)) {
    const missing = t.cert === undefined ? "cert" : "key";
    must(`${option}.${missing}`, "required", `${option}.cert and ${option}.key go together: ${option}.${missing} is missing`);
  }
  if (t.passphrase !== undefined && t.key === undefined) must(`${option}.passphrase`, "dependentRequired", `${option}.passphrase needs ${option}.key`);
  // Only settings of the right shapes are loaded: node:tls would only say the same less clearly.
  if (found > 0) return undefined;
  return loadable(t, option, must) ? { ...t } : undefined;
}

// Loaded once here so that a bad PEM or a wrong passphrase fails at start-up, naming the option.
// OpenSSL's reason names the failure (e.g. "bad decrypt"), never the bytes it was given.
function loadable(t: TlsOptions, option: string, must: Must): boolean {
  const attempt = (field: string, load: () => unknown): boolean => {
    try {
      load();
      return true;
    } catch (error) {
      const reason = (error as { reason?: string; message?: string }).reason ?? (error as Error).message;
      must(`${option}.${field}`, "loadable", `${option}.${field} could not be loaded: ${reason}`);
      return false;
    }
  };
  // node:tls skips a CA entry that is not a certificate without a word; parsing it says why.
  const ca = t.ca === undefined || [t.ca].flat().every((entry) => attempt("ca", () => new X509Certificate(entry)));
  if (t.cert === undefined) return ca;
  // The certificate loaded, so what fails now is the key: unreadable, wrongly decrypted, or not the certificate's.
  return (
    attempt("cert", () => createSecureContext({ cert: t.cert as string })) &&
    attempt("key", () =>
      createSecureContext({ cert: t.cert as string, key: t.key as string, ...(t.passphrase !== undefined ? { passphrase: t.passphrase } : {}) }),
    ) &&
    ca
  );
}

function checkKeys(value: object, known: readonly string[], prefix: string, must: Must): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = closestName(key, known);
    const hint = near ? `did you mean ${prefix}${near}?` : `the ${prefix ? `${prefix.slice(0, -1)} settings` : "options"} are ${known.join(", ")}`;
    must(`${prefix}${key}`, "unknownOption", `unknown option ${prefix}${key}: ${hint}`);
  }
}

function positiveMs(value: unknown, option: string, must: Must): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value;
  must(option, typeof value === "number" ? "exclusiveMinimum" : "type", `${option} must be a positive number of milliseconds`);
  return undefined;
}

function positiveInteger(value: unknown, option: string, must: Must): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
  must(option, typeof value === "number" ? "minimum" : "type", `${option} must be a positive integer`);
  return undefined;
}

function isPem(value: unknown): value is Pem {
  return (typeof value === "string" && value !== "") || (value instanceof Uint8Array && value.byteLength > 0);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
