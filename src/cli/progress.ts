// Progress of a long upload, on stderr. On a terminal, a bar drawn by cli-progress: bytes, rate
// and time left. Anywhere else (CI logs, pipes), and on a terminal that declares it cannot move
// the cursor (TERM=dumb), a plain line per second at most, and the last one always, so a log
// shows the transfer advancing without a screen's worth of control characters.
import type { ChunkProgress } from "../index.js";

export interface ProgressDisplay {
  update(progress: ChunkProgress): void;
  stop(): void;
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
export async function createProgress(mode: ProgressMode, totalBytes: number, stream: NodeJS.WriteStream = process.stderr): Promise<ProgressDisplay> {
  const started = Date.now();
  const rate = (done: number) => `${formatBytes(done / Math.max((Date.now() - started) / 1000, 0.001))}/s`;
  if (mode === "none") return { update() {}, stop() {} };
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
      stop() {
        if (pending) stream.write(line(pending));
      },
    };
  }
  // Loaded only when a bar is drawn.
  const { default: progress } = await import("cli-progress");
  const bar = new progress.SingleBar(
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
  bar.start(totalBytes, 0, { done: formatBytes(0), size: formatBytes(totalBytes), rate: rate(0) });
  return {
    update(p) {
      bar.update(p.bytesUploaded, { done: formatBytes(p.bytesUploaded), size: formatBytes(p.totalBytes), rate: rate(p.bytesUploaded) });
    },
    stop() {
      bar.stop();
    },
  };
}
