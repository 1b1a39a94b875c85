// The secrets a client holds, masked wherever text that may echo them leaves the client. Every
// answer is masked as it is read (../http/platform-response.ts), so error bodies, job records,
// cursors and request ids never hold one; so are the messages of errors that quote a failure
// from below (a connection error) and every log line.
//
// A secret is masked in each form text carries it in, not only as is: a key from a
// service-account JSON or a PEM file comes back JSON-escaped (`\"`, `\n`, `\/`), a key sent in a
// query comes back URL-encoded, one sent in Basic auth base64-encoded (at any offset of the
// encoded text), and a multi-line secret can be quoted one line at a time.

export const REDACTED = "[redacted]";

// Very short values would mask ordinary words; a real key, JWT or provider secret is far longer.
const MIN_SECRET_LENGTH = 6;
// The part of a base64 form that does not depend on the bytes around the secret is shorter than
// the secret; below this it could match ordinary text.
const MIN_ENCODED_LENGTH = 8;

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The base64 text of the secret wherever it sits in encoded bytes: its own, and the part fixed at each of the three offsets. */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms = [base64(bytes)];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole > 0) forms.push(base64(bytes.subarray(skip, skip + whole)).replace(/=+$/, ""));
  }
  // base64url, as JWTs and URL-safe encoders write it.
  return forms.flatMap((form) => [form, form.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")]);
}

function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [secret, json, json.replace(/\//g, "\\/"), encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+"), encodeURI(secret)];
  forms.push(...base64Forms(secret).filter((form) => form.length >= MIN_ENCODED_LENGTH));
  return forms;
}

// Forms are worked out once per secret: a client masks every answer with the same few.
const cache = new Map<string, string[]>();
const CACHE_LIMIT = 256;

/** Every text to mask for `secret`, longest first (so a longer form is masked before a part of it). */
export function maskedForms(secret: string): string[] {
  let forms = cache.get(secret);
  if (forms) return forms;
  const lines = secret.includes("\n") ? secret.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length >= MIN_SECRET_LENGTH) : [];
  forms = [...new Set([secret, ...lines].flatMap(formsOf))].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(secret, forms);
  return forms;
}

/** The text with every secret of `secrets`, in every form, replaced (secrets too short to be real are left alone). */
export function maskAll(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = maskForms(out, maskedForms(secret));
  }
  return out;
}

function maskForms(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

export class Redactor {
  #secrets = new Set<string>();
  // The forms of every secret held, longest first across secrets (a secret that contains another
  // is masked whole), worked out when a secret is added: text() runs on every answer and log line.
  #forms: readonly string[] = [];

  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    this.#forms = [...new Set([...this.#forms, ...maskedForms(secret)])].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    return this.#forms.length === 0 ? value : maskForms(value, this.#forms);
  }
}
