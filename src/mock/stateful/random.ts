// The mock's one source of chance: ids, the job-id spelling of each answer and fault rates all
// draw from a PRNG seeded by the caller, so a run repeats exactly with the same seed.

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number, digits: number) => {
  let text = "";
  for (let i = 0; i < digits; i++) text += Math.floor(random() * 16).toString(16);
  return text;
};

/** A UUID-shaped value (version 4 layout) drawn from `random`. */
export function seededUuid(random: () => number): string {
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

/** A 24-digit hex id, the shape the reference shows for uploaded file ids. */
export function seededObjectId(random: () => number): string {
  return hex(random, 24);
}
