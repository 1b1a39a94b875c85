// Tools created by tool import, and their exports. A tool is "importing" until its import job
// succeeds; an export is downloadable once its job has succeeded.
import type { StoredFile } from "./files.js";

export interface ToolFiles {
  toolData: StoredFile;
  flowData: StoredFile;
  envVariables?: StoredFile | undefined;
}

export interface Tool {
  toolId: string;
  toolName: string;
  files: ToolFiles;
  state: "importing" | "ready" | "deployed";
}

export interface ToolExport {
  exportJobId: string;
  /** The dock-status id of the export job. */
  jobId: string;
  toolId: string;
  flowId: string;
}

export class ToolStore {
  private readonly byId = new Map<string, Tool>();
  private readonly exports = new Map<string, ToolExport>();

  add(tool: Tool): void {
    this.byId.set(tool.toolId, tool);
  }

  get(toolId: string): Tool | undefined {
    return this.byId.get(toolId);
  }

  addExport(record: ToolExport): void {
    this.exports.set(record.exportJobId, record);
  }

  getExport(exportJobId: string): ToolExport | undefined {
    return this.exports.get(exportJobId);
  }

  all(): Tool[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.exports.clear();
  }
}
