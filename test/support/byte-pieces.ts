// Stream-shaped test input: bytes cut into arbitrary pieces, as a network or file stream would
// deliver them, so the uploader's re-chunking is exercised.

/** Cuts `data` into pieces of the given sizes (used cyclically; 0 yields an empty piece). */
export function pieces(data: Uint8Array, sizes: number[]): Uint8Array[] {
  const cuts = sizes.some((n) => n > 0) ? sizes : [...sizes, 1];
  const out: Uint8Array[] = [];
  for (let offset = 0, i = 0; offset < data.length; i++) {
    const size = cuts[i % cuts.length]!;
    out.push(data.slice(offset, offset + size));
    offset += size;
  }
  return out;
}

export async function* iterate(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}
