// Attachments of each app and environment: the record the upload answered, never the bytes.
export interface StoredAttachment {
  fileId: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  mimeType: string;
  extension: string;
  uploadedAt: string;
  /** Kept for the request log and tests; not part of any answer. */
  sha256: string;
  userReference: string;
}

const key = (appId: string, envName: string) => `${appId}\u0000${envName}`;

export class AttachmentStore {
  private readonly byScope = new Map<string, Map<string, StoredAttachment>>();

  add(appId: string, envName: string, attachment: StoredAttachment): void {
    const scope = this.byScope.get(key(appId, envName)) ?? new Map<string, StoredAttachment>();
    scope.set(attachment.fileId, attachment);
    this.byScope.set(key(appId, envName), scope);
  }

  delete(appId: string, envName: string, fileId: string): boolean {
    return this.byScope.get(key(appId, envName))?.delete(fileId) ?? false;
  }

  count(): number {
    let n = 0;
    for (const scope of this.byScope.values()) n += scope.size;
    return n;
  }

  clear(): void {
    this.byScope.clear();
  }
}
