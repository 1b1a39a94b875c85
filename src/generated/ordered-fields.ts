// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

// Pairs of request body fields where `lower` may not exceed `upper` (the spec's x-ordered-fields),
// by operation, with the path of property names to the object that holds them.
export const orderedFields: Readonly<Record<string, ReadonlyArray<{ at: readonly string[]; lower: string; upper: string }>>> = {
  "deployModel": [
    {
      "at": [
        "scalingParameters"
      ],
      "lower": "minReplicas",
      "upper": "maxReplicas"
    }
  ]
};
