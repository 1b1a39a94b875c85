// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

/** The pattern of each id schema of the spec (components/schemas …Id), as JSON Schema writes it. */
export const idPatterns = {
  ConnectionId: "^cn-[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
  ChunkId: "^chk-\\S+$",
  SessionId: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
  ModelId: "^cm-\\S+$",
  ToolId: "^a-\\S+$",
  DockStatusId: "^ds-\\S+$",
  AttachmentFileId: "^f-\\S+$",
} as const;
