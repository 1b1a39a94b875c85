// The keys of TransferOptions as a record the compiler holds whole: a key added to the type
// fails here until it is listed, and every call that sends chunks (model import, its resume, a
// file's resume) spreads this one list into its own. Type-only import: the chunked upload
// itself loads on first use.
import type { TransferOptions } from "./chunked-upload.js";

export const TRANSFER_OPTION_KEYS: Readonly<Record<keyof TransferOptions, true>> = {
  concurrency: true,
  retries: true,
  retryDelayMs: true,
  onProgress: true,
  onState: true,
  signal: true,
  expiryMarginMs: true,
  now: true,
};
