// The code samples the API reference shows on every operation, read from the built site's copy
// of the spec (what readers see), each proven the way its surface can be:
// - the TypeScript samples are type-checked together against src/ in one strict tsc run
//   (exactOptionalPropertyTypes on), with the suite's checker (test/support/checker.ts), as the
//   guides' samples are;
// - each `platform` sample names a real command and only flags it has (the command tree);
// - each curl sample runs as written, with bash and curl, against a fresh stateful mock that
//   holds what the examples name (`existing: "examples"`), and must reach its operation and be
//   answered 2xx. (test/docs/newcomer-reference.test.ts runs all three from the packed package.)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { startStatefulMock } from "../../src/mock/stateful/server.js";
import { checkInvocation, invocations } from "../cli/support/command-check.js";
import { TSC } from "../support/checker.js";
import { inMarkdownTerms, writeSamples, type WrittenSample } from "../support/samples.js";
import { builtSite } from "./support/built-site.js";
import { runBounded } from "../support/bounded-run.js";

// Generated files; tsc skips dot-directories under test/.
const OUT_DIR = resolve(REPO_ROOT, "test/.code-samples");
const LABELS = { client: "TypeScript client", command: "platform command", curl: "curl" } as const;

interface Sample {
  lang: string;
  label: string;
  source: string;
}

const operations = listOperations(loadSpec());
let samples: Map<string, Record<keyof typeof LABELS, string>>;
let written: WrittenSample[];
let tsc: { status: number | null; output: string };

beforeAll(async () => {
  const { site } = await builtSite();
  const rendered = JSON.parse(readFileSync(join(site, "reference/openapi.json"), "utf8"));
  samples = new Map(
    operations.map((op) => {
      const list = rendered.paths[op.path][op.method]["x-codeSamples"] as Sample[];
      const by = (label: string) => list.find((s) => s.label === label)?.source ?? "";
      return [op.operationId, { client: by(LABELS.client), command: by(LABELS.command), curl: by(LABELS.curl) }];
    }),
  );
  rmSync(OUT_DIR, { recursive: true, force: true });
  written = writeSamples(
    operations.map((op) => ({ source: `${op.operationId} (x-codeSamples)`, index: 1, line: 1, code: `${samples.get(op.operationId)!.client}\n` })),
    OUT_DIR,
    (sample) => sample.source.split(" ")[0]!,
    { numbered: false },
  );
  const args = [
    // The files named here, with these options, not the project's tsconfig.
    "--ignoreConfig", "--noEmit", "--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--module", "nodenext", "--moduleResolution",
    "nodenext", "--target", "es2022", "--lib", "es2022,dom,dom.iterable", "--types", "node", "--skipLibCheck",
    ...written.map((w) => relative(REPO_ROOT, w.file)),
  ];
  const run = spawnSync(process.execPath, [TSC, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  tsc = { status: run.status, output: `${run.stdout}${run.stderr}` };
}, 180_000);

describe("the TypeScript samples", () => {
  it("are one per operation, each a module of the package's public API", () => {
    expect(written).toHaveLength(25);
    for (const op of operations) expect(samples.get(op.operationId)!.client, op.operationId).toMatch(/^import \{ createPlatformClient \} from "@platform\/management-client\/node";$/m);
  });

  it("type-check against the sources in one strict tsc run", () => {
    expect(inMarkdownTerms(tsc.output, written)).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("each pass the operation's credential and nothing else", () => {
    for (const op of operations) {
      const source = samples.get(op.operationId)!.client;
      expect(source, op.operationId).toContain(op.security[0] === "jwtAuth" ? 'jwt: process.env["PLATFORM_JWT"]' : 'apiKey: process.env["PLATFORM_API_KEY"]');
    }
  });
});

describe("the platform samples", () => {
  it.each(operations.map((op) => [op.operationId]))("%s: one command of the tree, with flags it has", (operationId) => {
    const found = invocations(samples.get(operationId)!.command);
    expect(found).toHaveLength(1);
    expect(checkInvocation(found[0]!)).toEqual([]);
  });
});


describe("the curl samples, against the stateful mock", () => {
  it.concurrent.each(operations.map((op) => [op.operationId]))("%s reaches its operation and is answered", async (operationId) => {
    const curl = samples.get(operationId)!.curl;
    const mock = await startStatefulMock({ existing: "examples" });
    const cwd = mkdtempSync(join(tmpdir(), `curl-${operationId}-`));
    try {
      // Run as a process of its own: this process serves the mock.
      const run = await runBounded("bash", ["-c", curl], {
        cwd,
        env: { PLATFORM_BASE_URL: mock.url, PLATFORM_API_KEY: "curl-sample-key", PLATFORM_JWT: "curl.sample.jwt" },
        timeoutMs: 30_000,
      });
      expect(run.code, run.stderr).toBe(0);
      const log = mock.requests();
      expect(log.map((entry) => entry.operationId)).toEqual([operationId]);
      const status = log[0]!.status!;
      expect(status >= 200 && status < 300, `${status} ${run.stdout}`).toBe(true);
    } finally {
      await mock.stop();
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
