// Durations on the command line: 90 (seconds), 90s, 15m, 2h, 500ms.
import { InvalidArgumentError } from "commander";
import { present } from "../kernel/present.js";

// Each holds the units its pattern below allows, and only those.
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const UNIT_BYTES: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError("must be a duration such as 90, 90s, 15m or 2h");
  const unit = match[2] ?? "s";
  const ms = Math.round(Number(match[1]) * present(UNIT_MS[unit], `the milliseconds of unit ${unit}`));
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
  const unit = match[2] ?? "B";
  const bytes = Number(match[1]) * present(UNIT_BYTES[unit], `the bytes of unit ${unit}`);
  if (bytes < 1) throw new InvalidArgumentError("must be at least 1 byte");
  return bytes;
}
