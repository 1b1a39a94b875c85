// The import's progress displays, written into a stream the test holds. The bar's module loads
// while the upload starts, so progress can come before the bar is ready: it must still be drawn,
// and stop() must settle only after the last state is on the stream.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ChunkProgress } from "../../src/index.js";
import { createProgress } from "../../src/cli/progress.js";

const MiB = 1024 * 1024;

function collector() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => text };
}

const progress = (chunksUploaded: number, totalChunks: number, chunkBytes: number): ChunkProgress => ({
  bytesUploaded: chunksUploaded * chunkBytes,
  totalBytes: totalChunks * chunkBytes,
  chunksUploaded,
  totalChunks,
  chunkNumber: chunksUploaded,
});

describe("createProgress", () => {
  it("bar: progress reported before the bar has loaded is drawn, and stop() settles after the final state", async () => {
    const out = collector();
    const display = createProgress("bar", 3 * MiB, out.stream);
    // All of it before the bar's module can have loaded: an upload faster than the import().
    for (let chunk = 1; chunk <= 3; chunk++) display.update(progress(chunk, 3, MiB));
    expect(out.text()).toBe("");
    await display.stop();
    expect(out.text()).toMatch(/100% \| 3\.0 MiB of 3\.0 MiB/);
    expect(out.text()).not.toMatch(/ 0% \|/);
  });

  it("lines: the last state is written at stop, once", async () => {
    const out = collector();
    const display = createProgress("lines", 3 * MiB, out.stream);
    display.update(progress(1, 3, MiB));
    display.update(progress(2, 3, MiB));
    await display.stop();
    expect(out.text().match(/^uploaded /gm)).toHaveLength(2);
    expect(out.text()).toMatch(/uploaded 2\.0 MiB of 3\.0 MiB \(2\/3 chunks/);
  });

  it("none: writes nothing", async () => {
    const out = collector();
    const display = createProgress("none", MiB, out.stream);
    display.update(progress(1, 1, MiB));
    await display.stop();
    expect(out.text()).toBe("");
  });
});
