// Where the built documentation lives: written by build-docs, served by start. PLATFORM_OUTPUT_ROOT
// moves it, as it moves generate.mjs's output, so a scratch spec never overwrites the repo's docs.
import { resolve } from "node:path";
import { REPO_ROOT } from "./spec.mjs";

export const DOCS_DIR = resolve(process.env.PLATFORM_OUTPUT_ROOT ?? REPO_ROOT, "docs");
export const REFERENCE_HTML = resolve(DOCS_DIR, "reference/index.html");
export const DISCREPANCIES_MD = resolve(DOCS_DIR, "discrepancies.md");
