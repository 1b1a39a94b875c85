// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

// The values the spec allows for each request field that has an enum, per operation and per
// place (path, query, header, body; body fields as dotted paths, `[]` for array items). Union
// branches are merged. The command line's enum flags take their choices from here.
export const requestEnums = {
  listConnections: {
    query: {
      provider: ["API", "PROVIDER_ONE", "PROVIDER_TWO", "PROVIDER_THREE"],
      status: ["ACTIVE", "INACTIVE"],
    },
  },
  createConnection: {
    body: {
      provider: ["API", "PROVIDER_ONE", "PROVIDER_TWO", "PROVIDER_THREE"],
      status: ["DRAFT", "FINALIZED"],
      mapProvider: ["anthropicModel", "openAIModel", "geminiModel"],
      "IOMappings[]": ["textToText", "textToImage", "imageToText", "audioToText"],
      modelType: ["EASY_INTEGRATION"],
    },
  },
  replaceConnection: {
    body: {
      provider: ["API"],
      status: ["DRAFT", "FINALIZED"],
      mapProvider: ["anthropicModel", "openAIModel", "geminiModel"],
      "IOMappings[]": ["textToText", "textToImage", "imageToText", "audioToText"],
    },
  },
  updateConnection: {
    body: {
      mapProvider: ["anthropicModel", "openAIModel", "geminiModel"],
      "IOMappings[]": ["textToText", "textToImage", "imageToText", "audioToText"],
      status: ["DRAFT", "FINALIZED"],
    },
  },
  listChunks: {
    body: {
      "filters.operand": ["and", "or"],
      "filters.conditions[].key": ["sourceName", "recordTitle", "sourceType", "sourceUrl", "sourceId", "chunkType", "chunkTitle", "chunkText", "fileType", "docId", "recordUrl", "extractionMethod", "extractionStrategy"],
      "filters.conditions[].op": ["equals"],
    },
  },
  deployModel: {
    query: {
      modelType: ["openSource", "fineTune"],
    },
    body: {
      deviceType: ["g4dn.xlarge", "g5.xlarge", "g5.2xlarge", "g6e.xlarge", "g4dn.12xlarge", "g5.12xlarge", "g5.48xlarge", "g4dn.metal"],
      "optimizationInfo.optimizationType": ["ctranslate2", "vllm", ""],
      "optimizationInfo.quantizationType": ["no_quantization", "int8_float16", ""],
    },
  },
  deployGuardrail: {
    body: {
      name: ["Anonymize", "Ban topics", "Prompt injection", "Toxicity", "Bias detection", "Relevance"],
    },
  },
  undeployGuardrail: {
    body: {
      name: ["Anonymize", "Ban topics", "Prompt injection", "Toxicity", "Bias detection", "Relevance"],
    },
  },
  uploadAttachment: {
    body: {
      uploadType: ["runtime"],
    },
  },
} as const;

export type RequestEnums = typeof requestEnums;
