// Where the built documentation goes: written by build-docs, served by start. PLATFORM_OUTPUT_ROOT
// moves it, as it moves generate.mjs's output, so a scratch build (a test's, a scratch spec's)
// never overwrites the repo's; the markdown sources are always the repo's (./site/pages.mjs).
import { resolve } from "node:path";
import { REPO_ROOT } from "./spec.mjs";

const DOCS_DIR = resolve(process.env.PLATFORM_OUTPUT_ROOT ?? REPO_ROOT, "docs");
/** The built site (not committed): npm run docs writes it, npm start serves it. */
export const SITE_DIR = resolve(DOCS_DIR, "site");
export const DISCREPANCIES_MD = resolve(DOCS_DIR, "discrepancies.md");
