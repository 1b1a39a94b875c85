// Destructive commands ask first on a terminal. Without one (a script, CI) there is nobody to
// ask, so they refuse unless --yes says the caller meant it.
import { createInterface } from "node:readline/promises";
import { UsageError } from "./exit-codes.js";

export async function confirm(question: string, options: { yes?: boolean }): Promise<boolean> {
  if (options.yes === true) return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) throw new UsageError(`${question}: no terminal to ask on; pass --yes to go ahead (or --dry-run to see what would happen)`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`${question}? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
