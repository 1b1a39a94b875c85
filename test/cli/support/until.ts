// Polls a condition the test cannot await directly (a file another process writes, a request the
// mock logged), failing after a bound rather than hanging the suite.
import { readFileSync } from "node:fs";

export async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The chunks an import's state file records as acknowledged; none while it does not exist yet. */
export function savedChunks(stateFile: string): number[] {
  try {
    return (JSON.parse(readFileSync(stateFile, "utf8")) as { uploadedChunks: number[] }).uploadedChunks;
  } catch {
    return [];
  }
}
