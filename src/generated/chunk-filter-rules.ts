// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

// The rules of the listChunks filter tree, from the spec's ChunkFilterGroup and ChunkFilterLeaf:
// each kind of node's required fields and, per field, an enum, a string, or a list of nodes.
export const chunkFilterRules = {
  "group": {
    "required": [
      "operand",
      "conditions"
    ],
    "fields": {
      "operand": {
        "enum": [
          "and",
          "or"
        ]
      },
      "conditions": {
        "nodes": {
          "minItems": 1
        }
      }
    }
  },
  "leaf": {
    "required": [
      "key",
      "op",
      "value"
    ],
    "fields": {
      "key": {
        "enum": [
          "sourceName",
          "recordTitle",
          "sourceType",
          "sourceUrl",
          "sourceId",
          "chunkType",
          "chunkTitle",
          "chunkText",
          "fileType",
          "docId",
          "recordUrl",
          "extractionMethod",
          "extractionStrategy"
        ]
      },
      "op": {
        "enum": [
          "equals"
        ]
      },
      "value": {
        "type": "string"
      }
    }
  }
} as const;
