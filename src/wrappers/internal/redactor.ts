// The secrets a client holds, masked wherever text that may echo them leaves the client. Every
// answer is masked as it is read (../http/platform-response.ts), so error bodies, job records,
// cursors and request ids never hold one; so are the messages of errors that quote a failure
// from below (a connection error) and every log line.

export const REDACTED = "[redacted]";

// Very short values would mask ordinary words; a real key, JWT or provider secret is far longer.
const MIN_SECRET_LENGTH = 6;

/** The text with every secret of `secrets` replaced (secrets too short to be real are left alone). */
export function maskAll(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

export class Redactor {
  #secrets = new Set<string>();

  add(secret: string | undefined): void {
    if (secret && secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  text(value: string): string {
    return maskAll(value, this.#secrets);
  }
}
