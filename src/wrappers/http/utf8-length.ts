// The byte length of a text's UTF-8 encoding, counted without encoding it: an answer handed over
// as text (the in-process mock's direct exchange) says its content-length and meets the size
// limit without the bytes ever being made.

/** Bytes TextEncoder would write for `text` (a lone surrogate becomes U+FFFD, three bytes). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: four bytes for its two units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Whether `text` encodes to more than `limit` bytes; counted only when its length leaves a doubt. */
export function utf8Over(text: string, limit: number): boolean {
  // Each UTF-16 unit takes one to three bytes.
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return utf8Length(text) > limit;
}
