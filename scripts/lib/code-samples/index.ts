// Code samples of every operation, in the three ways a user calls it: the TypeScript client, the
// `platform` command and curl. All three are generated from the spec's examples (ids, query
// values, bodies) and the surfaces' own tables, then written into a copy of the spec as
// `x-codeSamples` for the reference to show. The spec itself is never edited.
import { buildProgram } from "../../../src/cli/program.js";
import { commandTree } from "../../../src/cli/completion/command-tree.js";
import { clientSample } from "./client-calls.js";
import { commandSample } from "./commands.js";
import { curlSample } from "./curl.mjs";
import { isRecord, recordOf } from "../json-members.mjs";
import type { JsonRecord } from "../json-types.ts";
import { localFileOf, sampleInputs, STAND_INS, type SampleInputs } from "./sample-inputs.mjs";

// Scalar tells custom samples apart by `lang` alone (each becomes the picker entry
// `custom/<lang>`), so each surface has a language of its own, one its highlighter knows.
// A type, not an interface, so that a sample is a JSON value the spec's copy can hold.
export type CodeSample = {
  lang: "typescript" | "bash" | "curl";
  label: string;
  source: string;
};

const SAMPLE_LABELS = { client: "TypeScript client", command: "platform command", curl: "curl" } as const;

/** A shell sample that sends a local file, after the line that makes a stand-in for it. */
function withStandIn(inputs: SampleInputs, surface: "command" | "curl", source: string): string {
  const file = localFileOf(inputs, surface) as keyof typeof STAND_INS | undefined;
  return file === undefined ? source : `${STAND_INS[file].shell}   # stands for ${STAND_INS[file].what}\n${source}`;
}

/** Every operation's samples, by operationId, in the spec's order. */
export function codeSamples(spec: JsonRecord): Map<string, CodeSample[]> {
  const all = sampleInputs(spec);
  const tree = commandTree(buildProgram("docs"));
  return new Map(
    all.map((inputs) => [
      inputs.operationId,
      [
        { lang: "typescript", label: SAMPLE_LABELS.client, source: clientSample(inputs) },
        { lang: "bash", label: SAMPLE_LABELS.command, source: withStandIn(inputs, "command", commandSample(inputs, tree, all)) },
        { lang: "curl", label: SAMPLE_LABELS.curl, source: withStandIn(inputs, "curl", curlSample(inputs)) },
      ],
    ]),
  );
}

/** A copy of `spec` with each operation's samples under `x-codeSamples`. */
export function withCodeSamples(spec: JsonRecord): JsonRecord {
  const copy = structuredClone(spec);
  const samples = codeSamples(spec);
  for (const item of Object.values(recordOf(copy.paths))) {
    for (const operation of Object.values(recordOf(item))) {
      if (!isRecord(operation) || typeof operation.operationId !== "string") continue;
      const found = samples.get(operation.operationId);
      if (found !== undefined) operation["x-codeSamples"] = found;
    }
  }
  return copy;
}
