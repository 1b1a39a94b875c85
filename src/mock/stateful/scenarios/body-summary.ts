// What the request log keeps of a body: a summary of bounded size, so 10,000 logged requests
// of 1 MiB each cost a few megabytes, not gigabytes. Small bodies are kept exactly as they came;
// a long string keeps its start and says its length; once about SUMMARY_BUDGET characters of
// JSON are kept, the remaining items and keys are counted instead.

/** Characters of JSON a logged body keeps, about (one cut string and the markers may pass it). */
export const SUMMARY_BUDGET = 4096;
/** A longer string (value or key) keeps this many characters and its length. */
export const SUMMARY_STRING = 256;

/** `text` whole when it has at most `max` characters, else its start and its length. */
export function cutText(text: string, max = SUMMARY_STRING): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** A summary of `body` (already masked) within the budget. */
export function summariseBody(body: unknown): unknown {
  return summarise(body, { left: SUMMARY_BUDGET });
}

// Recursion is safe here: JSON bodies are refused past 64 levels before they are logged.
function summarise(value: unknown, budget: { left: number }): unknown {
  if (typeof value === "string") {
    const kept = cutText(value);
    budget.left -= kept.length + 2;
    return kept;
  }
  if (value === null || typeof value !== "object") {
    budget.left -= String(value).length + 1;
    return value;
  }
  budget.left -= 2;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (budget.left <= 0) {
        items.push(`… ${value.length - i} more items`);
        break;
      }
      items.push(summarise(value[i], budget));
    }
    return items;
  }
  const keys = Object.keys(value);
  const kept: Record<string, unknown> = {};
  for (const [i, name] of keys.entries()) {
    if (budget.left <= 0) {
      kept["…"] = `${keys.length - i} more keys`;
      break;
    }
    const key = cutText(name);
    budget.left -= key.length + 3;
    kept[key] = summarise((value as Record<string, unknown>)[name], budget);
  }
  return kept;
}
