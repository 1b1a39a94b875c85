// Files stored by Upload file or by a `bulkImport` session: their ids are what tool import takes.
// Only sizes and digests are kept, like everything the mock receives.
import type { ChunkRecord } from "./import-sessions.js";

export interface StoredFile {
  fileId: string;
  fileName: string;
  fileContext: string;
  size: number;
  /** sha256 of the whole file (Upload file), or of each chunk in order (a bulkImport session). */
  sha256?: string | undefined;
  chunks?: ChunkRecord[] | undefined;
}

export class FileStore {
  private readonly byId = new Map<string, StoredFile>();

  add(file: StoredFile): void {
    this.byId.set(file.fileId, file);
  }

  get(fileId: string): StoredFile | undefined {
    return this.byId.get(fileId);
  }

  all(): StoredFile[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
  }
}
