/** A property name (or an array index) as one pointer segment: `~` and `/` escaped. */
export declare const escapeSegment: (name: string | number) => string;

/** One pointer segment read back as the property name it escapes (`~1` before `~0`, as RFC 6901 says). */
export declare const unescapeSegment: (segment: string) => string;

/** The pointer of a path of property names, e.g. ["fields", "API_KEY"] → "/fields/API_KEY". */
export declare const pointerOf: (segments: readonly (string | number)[]) => string;

/** The property names of a pointer ("" is the whole document: none). */
export declare const segmentsOf: (pointer: string) => string[];
