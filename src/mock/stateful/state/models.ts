// Models created by imports. A model is "importing" until its import job succeeds, then "ready"
// to deploy (the document: a model can be deployed in the Ready to Deploy state), "deployed"
// once a deploy job succeeds, and ready again after an undeploy.
import type { ChunkRecord } from "./import-sessions.js";

export interface Model {
  modelId: string;
  fileName: string;
  fileSize: number;
  /** Size and sha256 of each imported chunk, in order: what an export hands back. */
  chunks: ChunkRecord[];
  state: "importing" | "ready" | "deploying" | "deployed";
}

export class ModelStore {
  private readonly byId = new Map<string, Model>();

  add(model: Model): void {
    this.byId.set(model.modelId, model);
  }

  get(modelId: string): Model | undefined {
    return this.byId.get(modelId);
  }

  all(): Model[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
  }
}
