// JSON Pointer (RFC 6901) segments: how a property name is written into a pointer and read back.
// Drift reports, their spec locations and the mock's violations all address fields this way.

/** A property name as one pointer segment: `~` and `/` escaped. */
export const escapeSegment = (name: string): string => name.replaceAll("~", "~0").replaceAll("/", "~1");

/** The pointer of a path of property names, e.g. ["fields", "API_KEY"] → "/fields/API_KEY". */
export const pointerOf = (segments: readonly string[]): string => segments.map((s) => `/${escapeSegment(s)}`).join("");

/** The property names of a pointer ("" is the whole document: none). */
export const segmentsOf = (pointer: string): string[] =>
  pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
