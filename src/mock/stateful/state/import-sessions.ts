// Import sessions: what arrived, never the bytes. Each numbered chunk is kept as its size and
// sha256 (a chunk sent again replaces the earlier one), so an import of any size costs the mock
// a few numbers per chunk. Completion checks that chunks 0..n-1 are all there and that their
// sizes add up to the declared fileSize. A session declares at most MAX_TOTAL_CHUNKS chunks.
/**
 * The most chunks one session may declare: 800 GiB in the client's default 8 MiB chunks. The
 * service documents no maximum; the mock has one so that no request sizes what it holds.
 */
export const MAX_TOTAL_CHUNKS = 100_000;

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

/** Missing chunk numbers an error names before it only counts the rest. */
const MISSING_SHOWN = 10;

/**
 * Whether the session can be completed now, and if not why, in the words of an error answer. Its
 * cost follows the chunks that arrived, never the `totalChunks` the request declared: uploads
 * only take numbers below it, so `chunks.size` of them tells how many are missing.
 */
export function completionCheck(session: ImportSession): CompletionCheck {
  const missingCount = session.totalChunks - session.chunks.size;
  if (missingCount > 0) {
    const shown: number[] = [];
    for (let n = 0; shown.length < Math.min(MISSING_SHOWN, missingCount); n++) if (!session.chunks.has(n)) shown.push(n);
    const list = shown.join(", ") + (missingCount > shown.length ? `, … (${missingCount} in all)` : "");
    return { ok: false, reason: `Import is incomplete: chunks ${list} of ${session.totalChunks} have not been uploaded` };
  }
  const chunks = [...session.chunks.entries()].sort(([a], [b]) => a - b).map(([, chunk]) => chunk);
  const received = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
  if (received !== session.fileSize) {
    return { ok: false, reason: `Import is incomplete: the chunks hold ${received} bytes but fileSize is ${session.fileSize}` };
  }
  return { ok: true, chunks };
}
