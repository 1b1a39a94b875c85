// JSON Pointer (RFC 6901) segments: how a property name is written into a pointer and read back.
// Drift reports, their spec locations, the mock's violations, the request checks and the
// scripts that walk the spec all address fields this way, so this is the one place that does.
// Plain JavaScript (with a .d.ts beside it) so the repository's scripts import it as it is.

/** A property name (or an array index) as one pointer segment: `~` and `/` escaped. */
export const escapeSegment = (name) => String(name).replaceAll("~", "~0").replaceAll("/", "~1");

/** One pointer segment read back as the property name it escapes (`~1` before `~0`, as RFC 6901 says). */
export const unescapeSegment = (segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~");

/** The pointer of a path of property names, e.g. ["fields", "API_KEY"] → "/fields/API_KEY". */
export const pointerOf = (segments) => segments.map((s) => `/${escapeSegment(s)}`).join("");

/** The property names of a pointer ("" is the whole document: none). */
export const segmentsOf = (pointer) => (pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeSegment));
