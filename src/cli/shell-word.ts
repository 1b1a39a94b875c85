// Words for a POSIX shell (sh, bash, zsh alike): the completion scripts, the command lines the
// documentation shows and the tests that drive a shell all quote through here, so a value with a
// quote, a space or a `$` in it means the same thing in each.

// Characters no POSIX shell reads specially: a word made only of these needs no quotes.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `text` as one shell word in single quotes (each `'` closed, escaped and reopened). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `text` as one shell word: bare when it is plain, else in single quotes. */
export function shellWord(text: unknown): string {
  const value = String(text);
  return PLAIN.test(value) ? value : shellQuote(value);
}
