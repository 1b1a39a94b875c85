// The optional logger and the redaction in front of it. The client never hands a header to
// the logger, and every line still passes through the redactor, so a credential that somehow
// reached a message (an error body echoing it) is masked before anyone sees it.

export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
}

export const REDACTED = "[redacted]";

/** Knows the secrets this client holds and masks them in any text or JSON-like value. */
export class Redactor {
  #secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short values would mask ordinary words; a real key or JWT is far longer.
    if (secret && secret.length >= 6) this.#secrets.add(secret);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) out = out.split(secret).join(REDACTED);
    return out;
  }

  value<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    if (typeof value === "string") return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.value(v)) as T;
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.value(v)])) as T;
    }
    return value;
  }
}

export type LogLevel = "debug" | "info" | "warn";

export function createLog(logger: Logger | undefined, redactor: Redactor) {
  return (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const write = logger?.[level];
    if (!write) return;
    write.call(logger, redactor.text(message), fields && redactor.value(fields));
  };
}
export type Log = ReturnType<typeof createLog>;
