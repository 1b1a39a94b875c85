// Durations on the command line: 90 (seconds), 90s, 15m, 2h, 500ms.
import { InvalidArgumentError } from "commander";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError("must be a duration such as 90, 90s, 15m or 2h");
  const ms = Math.round(Number(match[1]) * UNIT_MS[match[2] ?? "s"]!);
  if (ms <= 0) throw new InvalidArgumentError("must be more than 0");
  return ms;
}

/** A positive whole number, such as a chunk count or a concurrency. */
export function parsePositiveInteger(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new InvalidArgumentError("must be a whole number of at least 1");
  return Number(text);
}

/** A byte size: 8388608, 8MiB, 512KiB, 1GiB. */
export function parseBytes(text: string): number {
  const match = /^(\d+)(B|KiB|MiB|GiB)?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError("must be a size such as 8MiB, 512KiB or a number of bytes");
  const bytes = Number(match[1]) * { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 }[match[2] ?? "B"]!;
  if (bytes < 1) throw new InvalidArgumentError("must be at least 1 byte");
  return bytes;
}
