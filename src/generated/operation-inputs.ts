// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

// What each operation takes, as self-contained JSON Schema (2020-12): its parameters (with
// where they go) and its request body. Every $ref is inlined; a schema that contains itself sits
// once in `defs`, referred to as "#/$defs/<name>". "x-secret": true marks a secret value (the
// spec's SecretValue). Read by the MCP server's tool schemas (src/mcp/). Keyed by operationId,
// in spec order.
export const operationInputs = {
  "listConnections": {
    "parameters": {
      "provider": {
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "description": "Only connections of this provider.",
          "enum": [
            "API",
            "PROVIDER_ONE",
            "PROVIDER_TWO",
            "PROVIDER_THREE"
          ]
        }
      },
      "status": {
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "description": "Only connections in this status.",
          "enum": [
            "ACTIVE",
            "INACTIVE"
          ]
        }
      },
      "limit": {
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "description": "Maximum number of results. Its maximum and default are not documented."
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "createConnection": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "description": "A new connection; the keys of `fields` depend on `provider`. Provider `API` has three\nshapes, told apart by what they require: `fields` (the document's form), `payload` (Default\nProvider) or `mapProvider` (Existing Provider).",
        "oneOf": [
          {
            "type": "object",
            "title": "API connection",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "fields"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "API"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "fields": {
                "type": "object",
                "description": "Fields of an `API` connection.",
                "additionalProperties": false,
                "required": [
                  "BASE_URL",
                  "API_KEY"
                ],
                "properties": {
                  "BASE_URL": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Base address of the external API."
                  },
                  "API_KEY": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                    "x-secret": true
                  }
                }
              }
            }
          },
          {
            "type": "object",
            "title": "Custom API connection, Default Provider",
            "description": "The caller defines the request (`payload`) and where the answer and token counts sit in the reply.",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "endpointUrl",
              "payload",
              "outputPath"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "API"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "endpointUrl": {
                "type": "string",
                "minLength": 1,
                "description": "Address of the external API."
              },
              "headers": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`.",
                  "additionalProperties": false,
                  "required": [
                    "key",
                    "value"
                  ],
                  "properties": {
                    "key": {
                      "type": "string",
                      "minLength": 1
                    },
                    "value": {
                      "type": "string",
                      "minLength": 1,
                      "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                      "x-secret": true
                    }
                  }
                }
              },
              "payload": {
                "type": "object",
                "description": "The request template, with `{{variable}}` placeholders.",
                "additionalProperties": true
              },
              "promptVars": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A variable of the request template, filled in from the prompt.",
                  "additionalProperties": false,
                  "required": [
                    "name",
                    "displayName",
                    "status",
                    "dataType",
                    "elementType",
                    "defaultValue",
                    "required"
                  ],
                  "properties": {
                    "name": {
                      "type": "string",
                      "minLength": 1,
                      "description": "Name used in the template's `{{variable}}` placeholder."
                    },
                    "displayName": {
                      "type": "string"
                    },
                    "status": {
                      "type": "boolean"
                    },
                    "dataType": {
                      "type": "string"
                    },
                    "elementType": {
                      "type": "string"
                    },
                    "defaultValue": {
                      "description": "The value used when the prompt gives none; its type is not documented."
                    },
                    "required": {
                      "type": "boolean"
                    },
                    "examples": {
                      "type": "boolean"
                    }
                  }
                }
              },
              "customVars": {
                "type": "array",
                "description": "Further template variables; their shape is not documented.",
                "items": {
                  "description": "A template variable, of any shape."
                }
              },
              "outputPath": {
                "type": "string",
                "minLength": 1,
                "description": "Where the answer sits in the external API's reply."
              },
              "inputTokensPath": {
                "type": "string",
                "description": "Where the input token count sits in the reply."
              },
              "outputTokensPath": {
                "type": "string",
                "description": "Where the output token count sits in the reply."
              },
              "status": {
                "type": "string",
                "description": "Status a custom API connection is saved in; a `DRAFT` is finalized later.",
                "enum": [
                  "DRAFT",
                  "FINALIZED"
                ]
              },
              "isEnable": {
                "type": "boolean"
              },
              "idp": {
                "type": "string",
                "description": "Identity provider, usually `none`."
              }
            }
          },
          {
            "type": "object",
            "title": "Custom API connection, Existing Provider",
            "description": "The request follows a known vendor format (`mapProvider`).",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "endpointUrl",
              "mapProvider"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "API"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "endpointUrl": {
                "type": "string",
                "minLength": 1,
                "description": "Address of the external API."
              },
              "headers": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`.",
                  "additionalProperties": false,
                  "required": [
                    "key",
                    "value"
                  ],
                  "properties": {
                    "key": {
                      "type": "string",
                      "minLength": 1
                    },
                    "value": {
                      "type": "string",
                      "minLength": 1,
                      "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                      "x-secret": true
                    }
                  }
                }
              },
              "mapProvider": {
                "type": "string",
                "description": "The vendor format the request follows.",
                "enum": [
                  "anthropicModel",
                  "openAIModel",
                  "geminiModel"
                ]
              },
              "IOMappings": {
                "type": "array",
                "minItems": 1,
                "items": {
                  "type": "string",
                  "enum": [
                    "textToText",
                    "textToImage",
                    "imageToText",
                    "audioToText"
                  ]
                }
              },
              "fields": {
                "type": "object",
                "title": "Field-table form of the IO mapping",
                "additionalProperties": false,
                "properties": {
                  "IOMapping": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The field table's name and type for `IOMappings`."
                  }
                }
              },
              "llmFeatures": {
                "type": "object",
                "description": "What the external model supports.",
                "additionalProperties": false,
                "properties": {
                  "toolCalling": {
                    "type": "boolean"
                  },
                  "supportTools": {
                    "type": "boolean"
                  },
                  "parallelToolCalling": {
                    "type": "boolean"
                  },
                  "structuredResponse": {
                    "type": "boolean"
                  },
                  "dataGeneration": {
                    "type": "boolean"
                  },
                  "streaming": {
                    "type": "boolean"
                  }
                }
              },
              "bodyTab": {
                "type": "string"
              },
              "status": {
                "type": "string",
                "description": "Status a custom API connection is saved in; a `DRAFT` is finalized later.",
                "enum": [
                  "DRAFT",
                  "FINALIZED"
                ]
              },
              "isEnable": {
                "type": "boolean"
              },
              "idp": {
                "type": "string",
                "description": "Identity provider, usually `none`."
              }
            }
          },
          {
            "type": "object",
            "title": "PROVIDER_ONE connection",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "model",
              "fields"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "PROVIDER_ONE"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "fields": {
                "type": "object",
                "description": "Fields of a `PROVIDER_ONE` connection.",
                "additionalProperties": false,
                "required": [
                  "API_KEY"
                ],
                "properties": {
                  "API_KEY": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                    "x-secret": true
                  }
                }
              }
            }
          },
          {
            "type": "object",
            "title": "PROVIDER_TWO connection",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "model",
              "modelType",
              "fields"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "PROVIDER_TWO"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "modelType": {
                "type": "string",
                "enum": [
                  "EASY_INTEGRATION"
                ]
              },
              "fields": {
                "type": "object",
                "description": "Fields of a `PROVIDER_TWO` connection.",
                "additionalProperties": false,
                "required": [
                  "API_KEY",
                  "api_version",
                  "your_resource_name",
                  "deployment_id"
                ],
                "properties": {
                  "API_KEY": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                    "x-secret": true
                  },
                  "api_version": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A version label."
                  },
                  "your_resource_name": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Name of the cloud resource."
                  },
                  "deployment_id": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Id of the cloud deployment."
                  }
                }
              }
            }
          },
          {
            "type": "object",
            "title": "PROVIDER_THREE connection",
            "additionalProperties": false,
            "required": [
              "provider",
              "connectionName",
              "model",
              "modelType",
              "fields"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "PROVIDER_THREE"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "modelType": {
                "type": "string",
                "enum": [
                  "EASY_INTEGRATION"
                ]
              },
              "fields": {
                "type": "object",
                "description": "Fields of a `PROVIDER_THREE` connection.",
                "additionalProperties": false,
                "required": [
                  "API_KEY"
                ],
                "properties": {
                  "API_KEY": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                    "x-secret": true
                  }
                }
              }
            }
          }
        ]
      }
    },
    "defs": {}
  },
  "getConnection": {
    "parameters": {
      "connectionId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Connection id, `cn-` followed by a UUID-shaped value.",
          "pattern": "^cn-[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "replaceConnection": {
    "parameters": {
      "connectionId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Connection id, `cn-` followed by a UUID-shaped value.",
          "pattern": "^cn-[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "description": "A whole custom API connection, of either type, with or without its `provider`.",
        "oneOf": [
          {
            "type": "object",
            "title": "Custom API connection, Default Provider (replace)",
            "description": "A whole Default Provider connection, as a replace sends it. `provider` may be left out, as the reference's replace samples do, since a connection's provider is fixed when it is created.",
            "additionalProperties": false,
            "required": [
              "connectionName",
              "endpointUrl",
              "payload",
              "outputPath"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "API"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "endpointUrl": {
                "type": "string",
                "minLength": 1,
                "description": "Address of the external API."
              },
              "headers": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`.",
                  "additionalProperties": false,
                  "required": [
                    "key",
                    "value"
                  ],
                  "properties": {
                    "key": {
                      "type": "string",
                      "minLength": 1
                    },
                    "value": {
                      "type": "string",
                      "minLength": 1,
                      "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                      "x-secret": true
                    }
                  }
                }
              },
              "payload": {
                "type": "object",
                "description": "The request template, with `{{variable}}` placeholders.",
                "additionalProperties": true
              },
              "promptVars": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A variable of the request template, filled in from the prompt.",
                  "additionalProperties": false,
                  "required": [
                    "name",
                    "displayName",
                    "status",
                    "dataType",
                    "elementType",
                    "defaultValue",
                    "required"
                  ],
                  "properties": {
                    "name": {
                      "type": "string",
                      "minLength": 1,
                      "description": "Name used in the template's `{{variable}}` placeholder."
                    },
                    "displayName": {
                      "type": "string"
                    },
                    "status": {
                      "type": "boolean"
                    },
                    "dataType": {
                      "type": "string"
                    },
                    "elementType": {
                      "type": "string"
                    },
                    "defaultValue": {
                      "description": "The value used when the prompt gives none; its type is not documented."
                    },
                    "required": {
                      "type": "boolean"
                    },
                    "examples": {
                      "type": "boolean"
                    }
                  }
                }
              },
              "customVars": {
                "type": "array",
                "description": "Further template variables; their shape is not documented.",
                "items": {
                  "description": "A template variable, of any shape."
                }
              },
              "outputPath": {
                "type": "string",
                "minLength": 1,
                "description": "Where the answer sits in the external API's reply."
              },
              "inputTokensPath": {
                "type": "string",
                "description": "Where the input token count sits in the reply."
              },
              "outputTokensPath": {
                "type": "string",
                "description": "Where the output token count sits in the reply."
              },
              "status": {
                "type": "string",
                "description": "Status a custom API connection is saved in; a `DRAFT` is finalized later.",
                "enum": [
                  "DRAFT",
                  "FINALIZED"
                ]
              },
              "isEnable": {
                "type": "boolean"
              },
              "idp": {
                "type": "string",
                "description": "Identity provider, usually `none`."
              }
            }
          },
          {
            "type": "object",
            "title": "Custom API connection, Existing Provider (replace)",
            "description": "A whole Existing Provider connection, as a replace sends it. `provider` may be left out, as the reference's replace samples do, since a connection's provider is fixed when it is created.",
            "additionalProperties": false,
            "required": [
              "connectionName",
              "endpointUrl",
              "mapProvider"
            ],
            "properties": {
              "provider": {
                "type": "string",
                "enum": [
                  "API"
                ]
              },
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "endpointUrl": {
                "type": "string",
                "minLength": 1,
                "description": "Address of the external API."
              },
              "headers": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`.",
                  "additionalProperties": false,
                  "required": [
                    "key",
                    "value"
                  ],
                  "properties": {
                    "key": {
                      "type": "string",
                      "minLength": 1
                    },
                    "value": {
                      "type": "string",
                      "minLength": 1,
                      "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                      "x-secret": true
                    }
                  }
                }
              },
              "mapProvider": {
                "type": "string",
                "description": "The vendor format the request follows.",
                "enum": [
                  "anthropicModel",
                  "openAIModel",
                  "geminiModel"
                ]
              },
              "IOMappings": {
                "type": "array",
                "minItems": 1,
                "items": {
                  "type": "string",
                  "enum": [
                    "textToText",
                    "textToImage",
                    "imageToText",
                    "audioToText"
                  ]
                }
              },
              "fields": {
                "type": "object",
                "title": "Field-table form of the IO mapping",
                "additionalProperties": false,
                "properties": {
                  "IOMapping": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The field table's name and type for `IOMappings`."
                  }
                }
              },
              "llmFeatures": {
                "type": "object",
                "description": "What the external model supports.",
                "additionalProperties": false,
                "properties": {
                  "toolCalling": {
                    "type": "boolean"
                  },
                  "supportTools": {
                    "type": "boolean"
                  },
                  "parallelToolCalling": {
                    "type": "boolean"
                  },
                  "structuredResponse": {
                    "type": "boolean"
                  },
                  "dataGeneration": {
                    "type": "boolean"
                  },
                  "streaming": {
                    "type": "boolean"
                  }
                }
              },
              "bodyTab": {
                "type": "string"
              },
              "status": {
                "type": "string",
                "description": "Status a custom API connection is saved in; a `DRAFT` is finalized later.",
                "enum": [
                  "DRAFT",
                  "FINALIZED"
                ]
              },
              "isEnable": {
                "type": "boolean"
              },
              "idp": {
                "type": "string",
                "description": "Identity provider, usually `none`."
              }
            }
          }
        ]
      }
    },
    "defs": {}
  },
  "updateConnection": {
    "parameters": {
      "connectionId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Connection id, `cn-` followed by a UUID-shaped value.",
          "pattern": "^cn-[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "description": "A new API key for a provider connection, or a partial update of a custom API connection.",
        "oneOf": [
          {
            "type": "object",
            "title": "New API key",
            "additionalProperties": false,
            "required": [
              "fields"
            ],
            "properties": {
              "fields": {
                "type": "object",
                "description": "The new secret. `API_KEY` is the only updatable key of a provider connection.",
                "additionalProperties": false,
                "required": [
                  "API_KEY"
                ],
                "properties": {
                  "API_KEY": {
                    "type": "string",
                    "minLength": 1,
                    "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                    "x-secret": true
                  }
                }
              }
            }
          },
          {
            "type": "object",
            "title": "Partial update of a custom API connection",
            "description": "Any of the top-level properties of a custom API connection; those left out keep their value.",
            "additionalProperties": false,
            "minProperties": 1,
            "properties": {
              "connectionName": {
                "type": "string",
                "minLength": 1,
                "description": "Display name."
              },
              "model": {
                "type": "string",
                "minLength": 1,
                "description": "Model identifier at the provider."
              },
              "endpointUrl": {
                "type": "string",
                "minLength": 1
              },
              "headers": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`.",
                  "additionalProperties": false,
                  "required": [
                    "key",
                    "value"
                  ],
                  "properties": {
                    "key": {
                      "type": "string",
                      "minLength": 1
                    },
                    "value": {
                      "type": "string",
                      "minLength": 1,
                      "description": "A secret. Sent in full; returned masked, with only a few leading and trailing characters visible.",
                      "x-secret": true
                    }
                  }
                }
              },
              "payload": {
                "type": "object",
                "additionalProperties": true
              },
              "promptVars": {
                "type": "array",
                "items": {
                  "type": "object",
                  "description": "A variable of the request template, filled in from the prompt.",
                  "additionalProperties": false,
                  "required": [
                    "name",
                    "displayName",
                    "status",
                    "dataType",
                    "elementType",
                    "defaultValue",
                    "required"
                  ],
                  "properties": {
                    "name": {
                      "type": "string",
                      "minLength": 1,
                      "description": "Name used in the template's `{{variable}}` placeholder."
                    },
                    "displayName": {
                      "type": "string"
                    },
                    "status": {
                      "type": "boolean"
                    },
                    "dataType": {
                      "type": "string"
                    },
                    "elementType": {
                      "type": "string"
                    },
                    "defaultValue": {
                      "description": "The value used when the prompt gives none; its type is not documented."
                    },
                    "required": {
                      "type": "boolean"
                    },
                    "examples": {
                      "type": "boolean"
                    }
                  }
                }
              },
              "customVars": {
                "type": "array",
                "items": {
                  "description": "A template variable, of any shape."
                }
              },
              "outputPath": {
                "type": "string",
                "minLength": 1
              },
              "inputTokensPath": {
                "type": "string"
              },
              "outputTokensPath": {
                "type": "string"
              },
              "mapProvider": {
                "type": "string",
                "description": "The vendor format the request follows.",
                "enum": [
                  "anthropicModel",
                  "openAIModel",
                  "geminiModel"
                ]
              },
              "IOMappings": {
                "type": "array",
                "minItems": 1,
                "items": {
                  "type": "string",
                  "enum": [
                    "textToText",
                    "textToImage",
                    "imageToText",
                    "audioToText"
                  ]
                }
              },
              "llmFeatures": {
                "type": "object",
                "description": "What the external model supports.",
                "additionalProperties": false,
                "properties": {
                  "toolCalling": {
                    "type": "boolean"
                  },
                  "supportTools": {
                    "type": "boolean"
                  },
                  "parallelToolCalling": {
                    "type": "boolean"
                  },
                  "structuredResponse": {
                    "type": "boolean"
                  },
                  "dataGeneration": {
                    "type": "boolean"
                  },
                  "streaming": {
                    "type": "boolean"
                  }
                }
              },
              "bodyTab": {
                "type": "string"
              },
              "status": {
                "type": "string",
                "description": "Status a custom API connection is saved in; a `DRAFT` is finalized later.",
                "enum": [
                  "DRAFT",
                  "FINALIZED"
                ]
              },
              "isEnable": {
                "type": "boolean"
              },
              "idp": {
                "type": "string"
              }
            }
          }
        ]
      }
    },
    "defs": {}
  },
  "listChunks": {
    "parameters": {
      "botId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id)."
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "filters": {
            "$ref": "#/$defs/ChunkFilterGroup"
          },
          "enableFilters": {
            "type": "boolean",
            "description": "True applies `filters`."
          },
          "nextCursor": {
            "type": "string",
            "minLength": 1,
            "description": "Cursor from a previous page, to fetch the next one. Absent for the first page."
          },
          "prevCursor": {
            "type": "string",
            "minLength": 1,
            "description": "Cursor for the previous page."
          }
        }
      }
    },
    "defs": {
      "ChunkFilterGroup": {
        "type": "object",
        "title": "Filter group",
        "description": "Combines its conditions with its operand.",
        "additionalProperties": false,
        "required": [
          "operand",
          "conditions"
        ],
        "properties": {
          "operand": {
            "type": "string",
            "enum": [
              "and",
              "or"
            ]
          },
          "conditions": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/$defs/ChunkFilterNode"
            }
          }
        }
      },
      "ChunkFilterNode": {
        "description": "A group of conditions, or one condition.",
        "oneOf": [
          {
            "$ref": "#/$defs/ChunkFilterGroup"
          },
          {
            "type": "object",
            "title": "Filter condition",
            "description": "Compares one chunk field with a value. The document shows the keys `sourceName` and\n`recordTitle` and the operator `equals`; keys are limited to the chunk's string fields.",
            "additionalProperties": false,
            "required": [
              "key",
              "op",
              "value"
            ],
            "properties": {
              "key": {
                "type": "string",
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
                "type": "string",
                "enum": [
                  "equals"
                ]
              },
              "value": {
                "type": "string"
              }
            }
          }
        ]
      }
    }
  },
  "updateChunk": {
    "parameters": {
      "botId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id)."
        }
      },
      "chunkId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Chunk id, `chk-` prefixed.",
          "pattern": "^chk-\\S+$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "description": "The fields to change; a field left out keeps its value.",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {
          "chunkText": {
            "type": "string"
          },
          "chunkTitle": {
            "type": "string"
          },
          "pageNumber": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0
              },
              {
                "type": "string",
                "pattern": "^[0-9]+$"
              }
            ]
          },
          "recordTitle": {
            "type": "string"
          },
          "recordUrl": {
            "type": "string"
          },
          "sourceUrl": {
            "type": "string"
          },
          "chunkMeta": {
            "type": "object",
            "description": "Free-form metadata.",
            "additionalProperties": true
          }
        }
      }
    },
    "defs": {}
  },
  "deleteChunksById": {
    "parameters": {
      "botId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id)."
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "chunkId"
        ],
        "properties": {
          "chunkId": {
            "type": "array",
            "description": "Ids of the chunks to delete. Ids that do not exist are counted in `totalNotFound`.",
            "minItems": 1,
            "items": {
              "type": "string",
              "description": "Chunk id, `chk-` prefixed.",
              "pattern": "^chk-\\S+$"
            }
          }
        }
      }
    },
    "defs": {}
  },
  "startImportSession": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "fileContext",
          "totalChunks",
          "fileExtension",
          "fileName",
          "fileSize"
        ],
        "properties": {
          "fileContext": {
            "type": "string",
            "minLength": 1,
            "description": "Context of the file, for example `model`, `dataset` or `bulkImport`."
          },
          "totalChunks": {
            "type": "integer",
            "minimum": 1,
            "description": "Number of chunks the file is split into. Its maximum is not documented."
          },
          "fileExtension": {
            "type": "string",
            "minLength": 1,
            "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
            "description": "Extension without its dot, for example `tar` (a leading dot, as in `.tar`, is refused rather than guessed at)."
          },
          "fileName": {
            "type": "string",
            "minLength": 1
          },
          "fileSize": {
            "type": "integer",
            "minimum": 1,
            "description": "Size in bytes."
          },
          "isAdapter": {
            "type": "boolean",
            "description": "Whether the file is an adapter model."
          }
        }
      }
    },
    "defs": {}
  },
  "uploadImportChunk": {
    "parameters": {
      "sessionId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Import session id, as returned by Start import session.",
          "pattern": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "multipart/form-data",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "file",
          "chunkNumber"
        ],
        "properties": {
          "file": {
            "description": "The bytes of this chunk."
          },
          "chunkNumber": {
            "type": "integer",
            "minimum": 0,
            "description": "Number of this chunk, from 0."
          }
        }
      }
    },
    "defs": {}
  },
  "completeImportSession": {
    "parameters": {
      "sessionId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Import session id, as returned by Start import session.",
          "pattern": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "deployModel": {
    "parameters": {
      "modelId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Model id, `cm-` prefixed.",
          "pattern": "^cm-\\S+$"
        }
      },
      "modelType": {
        "in": "query",
        "required": true,
        "schema": {
          "type": "string",
          "enum": [
            "openSource",
            "fineTune"
          ],
          "description": "Kind of model to deploy."
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "allOf": [
          {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "name",
              "hyperParameters",
              "deviceType"
            ],
            "properties": {
              "name": {
                "type": "string",
                "minLength": 1,
                "description": "Name of the model to deploy."
              },
              "isDeployedPreviously": {
                "type": "boolean"
              },
              "isDeployedPreviouly": {
                "type": "boolean",
                "description": "The deploy sample's spelling of `isDeployedPreviously`."
              },
              "hyperParameters": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "temperature",
                  "maxTokens",
                  "topP",
                  "topK"
                ],
                "properties": {
                  "temperature": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 2
                  },
                  "maxTokens": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 512
                  },
                  "topP": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1
                  },
                  "topK": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 100
                  },
                  "stopSequence": {
                    "type": "array",
                    "description": "Stop sequences.",
                    "items": {
                      "type": "string"
                    }
                  }
                }
              },
              "scalingParameters": {
                "type": "object",
                "description": "How the deployment scales. `minReplicas` may not exceed `maxReplicas` (a rule between two\nfields, which JSON Schema cannot state; `x-ordered-fields` records it).",
                "additionalProperties": false,
                "properties": {
                  "maxBatchSize": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 256
                  },
                  "minReplicas": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 10
                  },
                  "maxReplicas": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 50
                  },
                  "scaleUpDelay": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000,
                    "description": "Milliseconds."
                  },
                  "scaleDownDelay": {
                    "type": "integer",
                    "minimum": 50,
                    "maximum": 2000,
                    "description": "Milliseconds."
                  }
                }
              },
              "deviceType": {
                "type": "string",
                "enum": [
                  "g4dn.xlarge",
                  "g5.xlarge",
                  "g5.2xlarge",
                  "g6e.xlarge",
                  "g4dn.12xlarge",
                  "g5.12xlarge",
                  "g5.48xlarge",
                  "g4dn.metal"
                ]
              },
              "optimizationInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "optimizationType": {
                    "type": "string",
                    "enum": [
                      "ctranslate2",
                      "vllm",
                      ""
                    ]
                  },
                  "quantizationType": {
                    "type": "string",
                    "enum": [
                      "no_quantization",
                      "int8_float16",
                      ""
                    ]
                  }
                }
              }
            }
          },
          {
            "type": "object",
            "description": "Not both spellings of `isDeployedPreviously` at once.",
            "anyOf": [
              {
                "not": {
                  "required": [
                    "isDeployedPreviously"
                  ],
                  "properties": {
                    "isDeployedPreviously": {
                      "type": "boolean"
                    }
                  }
                }
              },
              {
                "not": {
                  "required": [
                    "isDeployedPreviouly"
                  ],
                  "properties": {
                    "isDeployedPreviouly": {
                      "type": "boolean"
                    }
                  }
                }
              }
            ]
          }
        ]
      }
    },
    "defs": {}
  },
  "undeployModel": {
    "parameters": {
      "modelId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Model id, `cm-` prefixed.",
          "pattern": "^cm-\\S+$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "exportModel": {
    "parameters": {
      "modelId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Model id, `cm-` prefixed.",
          "pattern": "^cm-\\S+$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "importTool": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "toolDataFileId",
          "flowDataFileId",
          "toolName"
        ],
        "properties": {
          "toolDataFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the tool data file (from Upload File)."
          },
          "flowDataFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the flow data file (from Upload File)."
          },
          "envVariablesFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the environment variables file (from Upload File)."
          },
          "toolName": {
            "type": "string",
            "minLength": 1
          }
        }
      }
    },
    "defs": {}
  },
  "importIntoTool": {
    "parameters": {
      "toolId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Tool id, `a-` prefixed.",
          "pattern": "^a-\\S+$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "toolDataFileId",
          "flowDataFileId",
          "envVariablesFileId"
        ],
        "properties": {
          "toolDataFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the tool data file (from Upload File)."
          },
          "flowDataFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the flow data file (from Upload File)."
          },
          "envVariablesFileId": {
            "type": "string",
            "minLength": 1,
            "description": "File id of the environment variables file (from Upload File)."
          }
        }
      }
    },
    "defs": {}
  },
  "exportTool": {
    "parameters": {
      "toolId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Tool id, `a-` prefixed.",
          "pattern": "^a-\\S+$"
        }
      },
      "flowId": {
        "in": "query",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "description": "Identifier of the deployed call flow (`callflowId` in the document's parameter table)."
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "deployTool": {
    "parameters": {
      "toolId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Tool id, `a-` prefixed.",
          "pattern": "^a-\\S+$"
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "isAsync"
        ],
        "properties": {
          "isAsync": {
            "type": "boolean",
            "description": "True deploys asynchronously; false returns once deployed."
          }
        }
      }
    },
    "defs": {}
  },
  "undeployTool": {
    "parameters": {
      "toolId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Tool id, `a-` prefixed.",
          "pattern": "^a-\\S+$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "deployGuardrail": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "enum": [
              "Anonymize",
              "Ban topics",
              "Prompt injection",
              "Toxicity",
              "Bias detection",
              "Relevance"
            ]
          }
        }
      }
    },
    "defs": {}
  },
  "undeployGuardrail": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "application/json",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "enum": [
              "Anonymize",
              "Ban topics",
              "Prompt injection",
              "Toxicity",
              "Bias detection",
              "Relevance"
            ]
          }
        }
      }
    },
    "defs": {}
  },
  "uploadAttachment": {
    "parameters": {
      "appId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "App id (`AppID` in the document)."
        }
      },
      "envName": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "Environment name (`EnvName` in the document)."
        }
      }
    },
    "body": {
      "required": true,
      "mediaType": "multipart/form-data",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "file",
          "userReference",
          "uploadType"
        ],
        "properties": {
          "file": {
            "description": "The file."
          },
          "userReference": {
            "type": "string",
            "minLength": 1,
            "description": "A user or session reference."
          },
          "uploadType": {
            "type": "string",
            "enum": [
              "runtime"
            ]
          }
        }
      }
    },
    "defs": {}
  },
  "deleteAttachment": {
    "parameters": {
      "appId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "App id (`AppID` in the document)."
        }
      },
      "envName": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "pattern": "^[^/\\s]+$",
          "description": "Environment name (`EnvName` in the document)."
        }
      },
      "fileId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Attachment file id, `f-` prefixed.",
          "pattern": "^f-\\S+$"
        }
      }
    },
    "body": {
      "required": false,
      "mediaType": "multipart/form-data",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "sessionId": {
            "type": "string",
            "minLength": 1
          },
          "sessionReference": {
            "type": "string",
            "minLength": 1
          }
        }
      }
    },
    "defs": {}
  },
  "getDockStatus": {
    "parameters": {
      "dockStatusId": {
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "description": "Job id, `ds-` prefixed, as returned by the operation that started the job.",
          "pattern": "^ds-\\S+$"
        }
      }
    },
    "body": null,
    "defs": {}
  },
  "uploadFile": {
    "parameters": {},
    "body": {
      "required": true,
      "mediaType": "multipart/form-data",
      "schema": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "file",
          "fileContext"
        ],
        "properties": {
          "file": {
            "description": "The file, under 25 MB."
          },
          "fileContext": {
            "type": "string",
            "minLength": 1,
            "description": "Context of the file, for example `bulkImport`."
          }
        }
      }
    },
    "defs": {}
  }
} as const;

export type OperationInputs = typeof operationInputs;
