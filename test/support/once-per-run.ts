// Something expensive that several test files need, made once per test run and shared by every
// worker process: the first caller makes it in the run's scratch directory (an exclusive mkdir
// is the lock), the others wait for its result file. A failure is shared the same way, so every
// test that needed the artefact fails with the first failure's message rather than retrying it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

const made = new Map<string, Promise<unknown>>();
const POLL_MS = 100;

/** `make(dir)` runs once per run, in `dir`; its (JSON) result is what every caller gets. */
export function oncePerRun<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  let pending = made.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = makeOrWait(name, make);
    made.set(name, pending);
  }
  return pending;
}

async function makeOrWait<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const root = inject("runScratch");
  const dir = join(root, name);
  const resultFile = join(root, `${name}.result.json`);
  let owner = true;
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    owner = false;
  }
  if (owner) {
    let outcome: { value?: T; error?: string };
    try {
      outcome = { value: await make(dir) };
    } catch (error) {
      outcome = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    // Written whole, then renamed: a waiter never reads half a result.
    writeFileSync(`${resultFile}.tmp`, JSON.stringify(outcome));
    renameSync(`${resultFile}.tmp`, resultFile);
  }
  for (;;) {
    let text: string | undefined;
    try {
      text = readFileSync(resultFile, "utf8");
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    const outcome = JSON.parse(text) as { value?: T; error?: string };
    if (outcome.error !== undefined) throw new Error(`${name} could not be made for this run:\n${outcome.error}`);
    return outcome.value as T;
  }
}
