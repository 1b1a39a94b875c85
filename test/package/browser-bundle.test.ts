// The core entry must run in browsers, Deno and Bun: bundling it for the browser fails on any
// Node built-in it reaches, and its globals are limited to the web platform's.
import { build } from "esbuild";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

it("bundles src/index.ts for the browser with no Node built-in and no Node global", async () => {
  const result = await build({
    entryPoints: [resolve(REPO_ROOT, "src/index.ts")],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
    metafile: true,
    // openapi-fetch guards its one look at `process` itself; the check is on this package's code.
    external: ["openapi-fetch"],
  });
  const code = result.outputFiles[0]!.text;
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((file) => file.includes("src/node"))).toEqual([]);
  expect(code).not.toMatch(/\brequire\(|from\s+"node:|\bprocess\.|\bBuffer\.|__dirname/);
});

it("the Node entry is the one that reads files", async () => {
  const failure = await build({
    entryPoints: [resolve(REPO_ROOT, "src/node.ts")],
    bundle: true,
    platform: "browser",
    write: false,
    logLevel: "silent",
  }).catch((error: Error) => error);
  expect(failure).toBeInstanceOf(Error);
  // A Node built-in (node:fs for file paths, node:http and friends through undici) refuses to bundle.
  expect(String((failure as Error).message)).toMatch(/node:fs|Could not resolve "(node:)?(net|http|https|tls|stream|crypto|fs|util|buffer|events|zlib)"/);
});
