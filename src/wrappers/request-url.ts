// The URL of an operation's request, serialised as openapi-fetch does by default (simple path
// parameters, form query), so `call` and `raw` address the same resource. Written out here
// because importing openapi-fetch's serializers would pull all of openapi-fetch into the entry;
// test/wrappers/request-url.test.ts holds the two to the same output. Every parameter of the
// spec is a primitive, and the validators refuse anything else before this runs.

export function requestUrl(baseUrl: string, path: string, pathParams?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let url = baseUrl + path.replace(/\{([^}]+)\}/g, (template, name: string) => (pathParams?.[name] === undefined ? template : encodeURIComponent(String(pathParams[name]))));
  if (!query) return url;
  const pairs: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value !== undefined && value !== null) pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  if (pairs.length > 0) url += `?${pairs.join("&")}`;
  return url;
}
