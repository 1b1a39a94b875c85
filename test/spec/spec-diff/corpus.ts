// The corpus of hand-classified spec pairs: each case in corpus/cases/ edits the fixture
// (corpus/fixture.yaml) into a base and a head and lists, by hand, every change the differ must
// report between them, with its level. Read here; checked by corpus.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { sideFromDocument } from "../../../scripts/lib/spec-diff/document.mjs";
import { segmentsOf } from "../../../src/kernel/json-pointer.js";
import type { Json } from "../../support/json.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = resolve(HERE, "corpus");
export const CASES_DIR = join(CORPUS_DIR, "cases");

type Edit = { set: string; value: unknown } | { remove: string } | { move: string; to: string };
export interface Expected {
  rule: string;
  level: "major" | "minor" | "patch";
  /** operationId, or null for a document-level change. */
  operation: string | null;
  /** When given, the change's field path must be exactly this (null: at the schema's root). */
  field?: string | null;
  /** When given, one of the change's places must contain this. */
  where?: string;
}
/** A workflow of corpus/fixture.arazzo.yaml that the case's changes reach (spec-diff's `workflows`). */
export interface ExpectedWorkflow {
  workflowId: string;
  level: "major" | "minor" | "patch";
  operations: Array<{ operationId: string; level: "major" | "minor" | "patch"; missing: boolean }>;
}
export interface CorpusCase {
  name: string;
  file: string;
  title: string;
  base: Edit[];
  head: Edit[];
  expect: Expected[];
  /** When given, the workflows of corpus/fixture.arazzo.yaml the changes reach, in its order (checked by workflows.test.ts). */
  workflows?: ExpectedWorkflow[];
}

function parentOf(doc: unknown, pointer: string, file: string): { holder: Json; key: string } {
  const path = segmentsOf(pointer);
  const key = path.pop()!;
  let holder: Json = doc;
  for (const segment of path) {
    if (holder === null || typeof holder !== "object" || !(segment in holder)) throw new Error(`${file}: no ${segment} on the way to ${pointer}`);
    holder = holder[segment];
  }
  return { holder, key };
}

/** Applies a case's edits to a copy of the fixture; an edit that misses its target throws. */
export function applyEdits(fixture: unknown, edits: Edit[], file: string): unknown {
  const doc = structuredClone(fixture);
  for (const edit of edits) {
    if ("set" in edit) {
      const { holder, key } = parentOf(doc, edit.set, file);
      if (Array.isArray(holder) && key === "-") holder.push(edit.value);
      else holder[Array.isArray(holder) ? Number(key) : key] = edit.value;
    } else if ("remove" in edit) {
      const { holder, key } = parentOf(doc, edit.remove, file);
      if (!(key in holder)) throw new Error(`${file}: nothing to remove at ${edit.remove}`);
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete holder[key];
    } else if ("move" in edit) {
      const from = parentOf(doc, edit.move, file);
      if (!(from.key in from.holder)) throw new Error(`${file}: nothing to move at ${edit.move}`);
      const value = from.holder[from.key];
      delete from.holder[from.key];
      const to = parentOf(doc, edit.to, file);
      to.holder[to.key] = value;
    } else throw new Error(`${file}: unknown edit ${JSON.stringify(edit)}`);
  }
  return doc;
}

export const fixture = parse(readFileSync(join(CORPUS_DIR, "fixture.yaml"), "utf8"));
export const fixtureArazzo = parse(readFileSync(join(CORPUS_DIR, "fixture.arazzo.yaml"), "utf8"));

export function loadCases(): CorpusCase[] {
  return readdirSync(CASES_DIR)
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .map((name) => {
      const data = parse(readFileSync(join(CASES_DIR, name), "utf8"));
      return {
        name: name.slice(0, -".yaml".length),
        file: `corpus/cases/${name}`,
        title: data.title,
        base: data.base ?? [],
        head: data.head ?? [],
        expect: data.expect ?? [],
        ...(data.workflows ? { workflows: data.workflows } : {}),
      };
    });
}

/** The two sides of a case, as the differ reads them (documents in memory: lines are report.test.ts's concern). */
export function sidesOf(corpusCase: CorpusCase) {
  const side = (edits: Edit[], label: string) => sideFromDocument(applyEdits(fixture, edits, corpusCase.file), { file: `fixture.${label}.yaml`, label });
  return { base: side(corpusCase.base, "base"), head: side(corpusCase.head, "head") };
}
