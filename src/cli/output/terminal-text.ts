// Text from the service (names, titles, error messages) printed for people passes through here:
// a control character in it could move the cursor, clear the screen, retitle the window, or with
// a CR LF forge a line of our own ("platform: done"). Each one is shown as an escape instead.
// JSON, JSON Lines and YAML output are left exact: their encoders escape what they must.

// C0 and C1 controls and DEL (\p{Cc}), and the bidirectional overrides that reorder what a line shows.
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\e" };

const visible = (char: string): string => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** One line for a terminal: every control character (newlines too) as a visible escape. */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Several lines: each escaped on its own, the line breaks between them kept. */
export function terminalLines(text: string): string {
  return text.split("\n").map(terminalLine).join("\n");
}
