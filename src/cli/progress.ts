// Progress of a long upload, on stderr. On a terminal, a bar drawn by cli-progress: bytes, rate
// and time left. Anywhere else (CI logs, pipes), and on a terminal that declares it cannot move
// the cursor (TERM=dumb), a plain line per second at most, and the last one always, so a log
// shows the transfer advancing without a screen's worth of control characters.
import type { ChunkProgress } from "../index.js";

export interface ProgressDisplay {
  update(progress: ChunkProgress): void;
  /** Settles once the display has drawn its last state (a bar still loading draws it first). */
  stop(): Promise<void>;
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

const LINE_INTERVAL_MS = 1_000;

export type ProgressMode = "bar" | "lines" | "none";

/** The display --progress asks for: `auto` is a bar on a capable terminal; TERM=dumb never gets one. */
export function progressMode(
  flag: "auto" | ProgressMode,
  stream: Pick<NodeJS.WriteStream, "isTTY"> = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): ProgressMode {
  const dumb = env.TERM === "dumb";
  if (flag === "auto") return stream.isTTY && !dumb ? "bar" : "lines";
  return flag === "bar" && dumb ? "lines" : flag;
}

/** A bar on a terminal, lines otherwise; `none` draws nothing (--quiet, --json on a pipe). */
export function createProgress(mode: ProgressMode, totalBytes: number, stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  const started = Date.now();
  const rate = (done: number) => `${formatBytes(done / Math.max((Date.now() - started) / 1000, 0.001))}/s`;
  if (mode === "none") return { update() {}, stop: async () => {} };
  if (mode === "lines") {
    let last = 0;
    let pending: ChunkProgress | undefined;
    const line = (p: ChunkProgress) => `uploaded ${formatBytes(p.bytesUploaded)} of ${formatBytes(p.totalBytes)} (${p.chunksUploaded}/${p.totalChunks} chunks, ${rate(p.bytesUploaded)})\n`;
    return {
      update(p) {
        pending = p;
        if (Date.now() - last < LINE_INTERVAL_MS && p.chunksUploaded < p.totalChunks) return;
        last = Date.now();
        stream.write(line(p));
        pending = undefined;
      },
      async stop() {
        if (pending) stream.write(line(pending));
      },
    };
  }
  return barDisplay(totalBytes, stream, rate);
}

// The bar's module (cli-progress, string-width under it) takes some 20-30 ms to load and set up on
// a slow machine (issue 34): it loads while the upload starts, its session's request in flight,
// rather than before the upload may start. Progress that comes first is drawn when it is ready.
function barDisplay(totalBytes: number, stream: NodeJS.WriteStream, rate: (done: number) => string): ProgressDisplay {
  const payload = (done: number) => ({ done: formatBytes(done), size: formatBytes(totalBytes), rate: rate(done) });
  let bar: { update(value: number, payload: object): void; stop(): void } | undefined;
  let latest = 0;
  const ready = import("cli-progress").then(
    ({ default: progress }) => {
      const drawn = new progress.SingleBar(
        {
          stream,
          format: "{bar} {percentage}% | {done} of {size} | {rate} | ETA {eta_formatted}",
          hideCursor: true,
          // A bar asked for off a terminal (--progress bar in a log) is still drawn, once a second.
          noTTYOutput: true,
          notTTYSchedule: 1_000,
          etaBuffer: 20,
          fps: 10,
        },
        progress.Presets.shades_classic,
      );
      drawn.start(totalBytes, latest, payload(latest));
      bar = drawn;
    },
    (error: unknown) => {
      // The upload goes on without a bar: what it sends matters more than how it is shown.
      stream.write(`platform: no progress bar (${error instanceof Error ? error.message : String(error)})\n`);
    },
  );
  return {
    update(p) {
      latest = p.bytesUploaded;
      bar?.update(p.bytesUploaded, payload(p.bytesUploaded));
    },
    async stop() {
      await ready;
      bar?.stop();
    },
  };
}
