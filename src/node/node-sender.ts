// The Node entry's sender: undici (./undici-sender.ts), with a multipart body's file parts read
// straight from disk. A part that is a file-backed Blob (./file-blobs.ts) becomes a file range
// read with fs; any other Blob is streamed as a Blob.
import type { Dispatcher } from "undici";
import type { SenderWiring } from "../wrappers/http/sender.js";
import { AttemptSignal } from "../wrappers/http/attempt-signal.js";
import { MultipartBody, streamOf } from "../wrappers/request/multipart.js";
import { concatSources, type BodySource } from "./body-source.js";
import { fileSpanOf } from "./file-blobs.js";
import { fileRange } from "./file-range.js";
import { undiciSender } from "./undici-sender.js";

export function nodeSender(dispatcher: Dispatcher): SenderWiring {
  const send = undiciSender(dispatcher);
  return {
    send: (outgoing, signal, maxBytes) =>
      send(outgoing.body instanceof MultipartBody ? { ...outgoing, body: fromDisk(outgoing.body) } : outgoing, signal, maxBytes),
    newAttempt: () => new AttemptSignal(),
  };
}

function fromDisk(body: MultipartBody): BodySource {
  return concatSources(body.parts.map((part) => (part instanceof Blob ? blobPart(part) : part)));
}

function blobPart(blob: Blob): BodySource {
  const span = fileSpanOf(blob);
  if (span) return fileRange(span.path, span.start, span.start + blob.size);
  return { size: blob.size, open: () => streamOf(blob) };
}
