/**
 * Whether a value is an object (not null, not an array). A value of a known union, such as a
 * parsed JSON value, narrows to the union's object member (a JsonValue to a JsonRecord).
 */
export declare function isRecord<V extends { [key: string]: unknown }>(
  value: V | readonly unknown[] | string | number | bigint | boolean | symbol | null | undefined,
): value is V;
/** Whether a value that came from JSON or from a JavaScript caller is an object (not null, not an array). */
export declare function isRecord(value: unknown): value is Record<string, unknown>;
