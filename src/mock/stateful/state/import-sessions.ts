// Import sessions: what arrived, never the bytes. Each numbered chunk is kept as its size and
// sha256 (a chunk sent again replaces the earlier one), so an import of any size costs the mock
// a few numbers per chunk. Completion checks that chunks 0..n-1 are all there and that their
// sizes add up to the declared fileSize.
export interface ChunkRecord {
  size: number;
  sha256: string;
}

export interface ImportSession {
  sessionId: string;
  fileContext: string;
  fileName: string;
  fileExtension: string;
  fileSize: number;
  totalChunks: number;
  isAdapter: boolean;
  modelId: string | undefined;
  expiresAt: number;
  chunks: Map<number, ChunkRecord>;
  completed: boolean;
}

export type CompletionCheck = { ok: true; chunks: ChunkRecord[] } | { ok: false; reason: string };

export class ImportSessionStore {
  private readonly byId = new Map<string, ImportSession>();

  add(session: ImportSession): void {
    this.byId.set(session.sessionId, session);
  }

  get(sessionId: string): ImportSession | undefined {
    return this.byId.get(sessionId);
  }

  all(): ImportSession[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
  }
}

/** Whether the session can be completed now, and if not why, in the words of an error answer. */
export function completionCheck(session: ImportSession): CompletionCheck {
  const missing: number[] = [];
  for (let n = 0; n < session.totalChunks; n++) if (!session.chunks.has(n)) missing.push(n);
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(", ") + (missing.length > 10 ? `, … (${missing.length} in all)` : "");
    return { ok: false, reason: `Import is incomplete: chunks ${shown} of ${session.totalChunks} have not been uploaded` };
  }
  const chunks = [...Array(session.totalChunks).keys()].map((n) => session.chunks.get(n)!);
  const received = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
  if (received !== session.fileSize) {
    return { ok: false, reason: `Import is incomplete: the chunks hold ${received} bytes but fileSize is ${session.fileSize}` };
  }
  return { ok: true, chunks };
}
