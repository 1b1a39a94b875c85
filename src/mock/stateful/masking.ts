// Secrets as the service returns them: "masked, with only a few leading and trailing characters
// visible" (the spec's examples show four of each around a run of asterisks). The run has a fixed
// length, so a masked value does not tell the secret's length either; a secret too short to
// spare eight characters is masked whole.
const STARS = "*".repeat(20);
const SHOWN = 4;
const MIN_LENGTH_TO_SHOW = 16;

export function maskSecret(secret: string): string {
  if (secret.length < MIN_LENGTH_TO_SHOW) return STARS;
  return `${secret.slice(0, SHOWN)}${STARS}${secret.slice(-SHOWN)}`;
}

/** Keys whose values are secrets wherever they appear in a body, per the spec's SecretValue uses. */
const SECRET_KEYS = new Set(["API_KEY"]);

/**
 * A copy of a request or answer body with every secret masked: `API_KEY` at any depth and the
 * `value` of each custom connection header. Used for answers and for the request log alike, so no
 * secret leaves the mock in clear.
 */
export function maskSecrets(value: unknown, parentKey = ""): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (parentKey === "headers" && item && typeof item === "object" ? maskHeader(item as Record<string, unknown>) : maskSecrets(item)));
  }
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const inner = record[key];
    copy[key] = SECRET_KEYS.has(key) && typeof inner === "string" ? maskSecret(inner) : inner === null || typeof inner !== "object" ? inner : maskSecrets(inner, key);
  }
  return copy;
}

function maskHeader(header: Record<string, unknown>): Record<string, unknown> {
  return { ...header, ...(typeof header.value === "string" ? { value: maskSecret(header.value) } : {}) };
}
