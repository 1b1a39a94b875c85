// Proxy URLs from the caller or the environment, checked before undici sees them. A proxy URL
// may carry a password (`http://user:pass@proxy:3128`), so no message here quotes the value:
// only the variable's name and, for a wrong scheme, the scheme.
import { ConfigurationError } from "../kernel/errors.js";

export interface EnvironmentProxies {
  /** For http: targets; "" when none. */
  httpProxy: string;
  /** For https: targets; "" when none, and undici then sends https: through httpProxy too (curl would go direct). */
  httpsProxy: string;
  /** NO_PROXY as written: host names, domain suffixes, `host:port` entries, or `*`. */
  noProxy: string;
}

/**
 * HTTP_PROXY, HTTPS_PROXY and NO_PROXY, the lower-case spelling first when both are set (as
 * undici and curl read them); a set-but-empty variable means "none".
 */
export function proxiesFromEnvironment(env: Record<string, string | undefined>): EnvironmentProxies {
  const read = (lower: string, upper: string) => {
    const name = env[lower] !== undefined ? lower : upper;
    return { name, value: (env[name] ?? "").trim() };
  };
  const http = read("http_proxy", "HTTP_PROXY");
  const https = read("https_proxy", "HTTPS_PROXY");
  return {
    httpProxy: http.value && checkedProxyUrl(http.value, http.name),
    httpsProxy: https.value && checkedProxyUrl(https.value, https.name),
    noProxy: read("no_proxy", "NO_PROXY").value,
  };
}

/**
 * The proxy URL undici is given: `proxy.corp:3128` without a scheme means http, as curl reads
 * it; only http: and https: proxies are accepted. `option` names the setting in the error.
 */
export function checkedProxyUrl(value: string, option: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    // Not chained: the URL parser's error carries the input, password and all.
    throw new ConfigurationError(`${option} is not a valid proxy URL (expected e.g. http://proxy.example:3128)`, option, "format");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigurationError(`${option} must be an http: or https: proxy URL, not ${url.protocol}`, option, "format");
  }
  if (url.hostname === "") throw new ConfigurationError(`${option} must name the proxy's host`, option, "format");
  return url.href;
}
