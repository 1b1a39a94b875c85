// The secrets a client holds, masked wherever text that may echo them leaves the client: error
// messages and bodies, log lines, request ids, cursors. A service (or a proxy) that echoes a
// credential must not turn it into output.

export const REDACTED = "[redacted]";

// Very short values would mask ordinary words; a real key, JWT or provider secret is far longer.
const MIN_SECRET_LENGTH = 6;

export class Redactor {
  #secrets = new Set<string>();

  add(secret: string | undefined): void {
    if (secret && secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A copy of a JSON-like value with every string (keys included) masked; other objects as they are. */
  value<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    return this.#copy(value, new WeakSet()) as T;
  }

  #copy(value: unknown, seen: WeakSet<object>): unknown {
    if (typeof value === "string") return this.text(value);
    if (typeof value !== "object" || value === null || seen.has(value)) return value;
    seen.add(value);
    if (Array.isArray(value)) return value.map((v) => this.#copy(v, seen));
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[this.text(key)] = this.#copy(v, seen);
    return out;
  }
}
