// Where the documentation comes from and where the built site goes: written by build-docs,
// served by start. PLATFORM_OUTPUT_ROOT moves the output, as it moves generate.mjs's, so a scratch
// build (a test's, a scratch spec's) never overwrites the repo's; the sources are always the repo's.
import { resolve } from "node:path";
import { REPO_ROOT } from "./spec.mjs";

/** The markdown sources: the landing page, guides, references. */
export const DOCS_SOURCE = resolve(REPO_ROOT, "docs");
export const DOCS_DIR = resolve(process.env.PLATFORM_OUTPUT_ROOT ?? REPO_ROOT, "docs");
/** The built site (not committed): npm run docs writes it, npm start serves it. */
export const SITE_DIR = resolve(DOCS_DIR, "site");
export const DISCREPANCIES_MD = resolve(DOCS_DIR, "discrepancies.md");
