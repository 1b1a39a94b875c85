// The undici Dispatcher a Node client sends through: keep-alive pools per origin, the caller's
// TLS settings, and a proxy from the options or the environment. Which one is built:
//
//   dispatcher given       that one, as it is (the environment is not read)
//   proxy: false           an Agent: direct connections only
//   proxy: URL             a ProxyAgent: every request through that proxy
//   environment proxies    an EnvHttpProxyAgent: HTTP(S)_PROXY unless NO_PROXY matches the host
//   none of them           an Agent
//
// Time limits of a request (headers, body) are left to the transport's per-attempt timer, which
// aborts through the signal: undici's own 300 s defaults would cut a long call the caller allowed.
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from "undici";

import { checkNetworkOptions, type CheckedNetworkOptions, type NetworkOptions, type TlsOptions } from "./network-options.js";
import { proxiesFromEnvironment } from "./proxy-env.js";

// undici's connector opens sockets with a 64 KiB highWaterMark (16 KiB for TLS), and its HTTP/1.1
// writer asks a streamed body for the next piece only after 'drain' or after a write that left
// less than that queued: so it holds at most that many of the last bytes it was given. The
// dispatchers made here add no interceptor that could keep a piece longer; a caller's might. (A
// diagnostics_channel subscriber to undici:request:bodyChunkSent that kept pieces would see
// them reused; the pieces it is given are for looking at, at once.)
const BODY_BYTES_HELD = 64 * 1024;
const builtHere = new WeakSet<Dispatcher>();

/** How many of a streamed body's last bytes `dispatcher` may still hold when it asks for more; undefined when unknown. */
export function bodyBytesHeld(dispatcher: Dispatcher): number | undefined {
  return builtHere.has(dispatcher) ? BODY_BYTES_HELD : undefined;
}

export function createDispatcher(options?: NetworkOptions, env: Record<string, string | undefined> = process.env): Dispatcher {
  return dispatcherOf(checkNetworkOptions(options), env);
}

/** The dispatcher for options already checked (./network-options.ts). */
export function dispatcherOf(o: CheckedNetworkOptions, env: Record<string, string | undefined> = process.env): Dispatcher {
  if (o.dispatcher) return o.dispatcher;
  const dispatcher = build(o, env);
  builtHere.add(dispatcher);
  return dispatcher;
}

function build(o: CheckedNetworkOptions, env: Record<string, string | undefined>): Dispatcher {
  const pool = {
    keepAliveTimeout: o.keepAliveTimeoutMs,
    ...(o.connections !== undefined ? { connections: o.connections } : {}),
    headersTimeout: 0,
    bodyTimeout: 0,
  };
  const direct = { ...pool, connect: connectOptions(o.tls, o.connectTimeoutMs) };
  // Through a proxy the target's TLS runs inside the tunnel (requestTls), and the proxy's own
  // connection takes proxyTls. An http: target goes to an http: proxy as an absolute-form
  // request, as curl sends it, rather than as a CONNECT tunnel some proxies refuse on port 80.
  const proxied = {
    ...pool,
    requestTls: connectOptions(o.tls, o.connectTimeoutMs),
    proxyTls: connectOptions(o.proxyTls, o.connectTimeoutMs),
    proxyTunnel: false,
  };

  if (o.proxy === false) return new Agent(direct);
  if (o.proxy !== undefined) return new ProxyAgent({ ...proxied, uri: o.proxy });
  const { httpProxy, httpsProxy, noProxy } = proxiesFromEnvironment(env);
  // No proxy set: a plain Agent, which spares every call EnvHttpProxyAgent's URL parse.
  if (!httpProxy && !httpsProxy) return new Agent(direct);
  // The values are passed explicitly (an unset one as ""), so undici reads nothing of process.env itself.
  return new EnvHttpProxyAgent({ ...direct, ...proxied, httpProxy, httpsProxy, noProxy });
}

function connectOptions(tls: TlsOptions | undefined, timeoutMs: number) {
  return { ...(tls as object), timeout: timeoutMs };
}
