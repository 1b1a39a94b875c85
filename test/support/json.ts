// A parsed JSON document (a spec, an answer's body, a report) as a test reads it: the test's
// assertions check its shape, not the compiler, so it reaches into it without a cast per step.
// biome-ignore lint/suspicious/noExplicitAny: the one home of this type; JSON.parse gives `any` too
export type Json = any;
