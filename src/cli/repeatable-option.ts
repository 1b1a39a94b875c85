// A repeatable option (--field, --secret-env): commander hands each value to its parser in turn.

/** Collects a repeatable option's values, in order. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
