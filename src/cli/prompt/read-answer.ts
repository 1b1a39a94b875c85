// Reading one answer from the terminal, for the confirmation and `platform configure`. Plain
// line input leaves the terminal as it is (cooked): the terminal echoes, Ctrl-C reaches the
// process as SIGINT (the command's interrupt signal then rejects the read: exit 130), Ctrl-D on
// an empty line ends the input (undefined: the caller takes it as "no"). Nothing here writes a
// cursor-control sequence, so TERM=dumb terminals and logs see only the question and the answer.
import { Interrupted } from "../exit-codes.js";

interface Reader {
  onData(text: string): void;
  onEnd(): void;
}

function read<T>(signal: AbortSignal, start: (finish: (value: T) => void, fail: (error: Error) => void) => Reader, raw: boolean): Promise<T> {
  const stdin = process.stdin;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Interrupted());
    let settled = false;
    const cleanup = () => {
      settled = true;
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      signal.removeEventListener("abort", onAbort);
      if (raw && stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
    };
    const finish = (value: T) => {
      if (settled) return;
      cleanup();
      resolve(value);
    };
    const fail = (error: Error) => {
      if (settled) return;
      cleanup();
      reject(error);
    };
    const reader = start(finish, fail);
    const onData = (text: string) => reader.onData(text);
    const onEnd = () => reader.onEnd();
    const onAbort = () => fail(new Interrupted());
    signal.addEventListener("abort", onAbort, { once: true });
    stdin.setEncoding("utf8");
    if (raw && stdin.isTTY) stdin.setRawMode(true);
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.resume();
  });
}

/** One line as typed (without its newline); undefined when the input ended first (Ctrl-D). */
export function readLine(signal: AbortSignal): Promise<string | undefined> {
  return read<string | undefined>(
    signal,
    (finish) => {
      let text = "";
      return {
        onData(chunk) {
          text += chunk;
          const end = text.indexOf("\n");
          if (end >= 0) finish(text.slice(0, end).replace(/\r$/, ""));
        },
        onEnd: () => finish(text === "" ? undefined : text),
      };
    },
    false,
  );
}

/**
 * A line typed without echo (a secret): the terminal is put in raw mode for the read, so the
 * keys it would act on arrive here: Ctrl-C interrupts, Ctrl-D on an empty line ends the input.
 */
export function readHidden(signal: AbortSignal): Promise<string | undefined> {
  return read<string | undefined>(
    signal,
    (finish, fail) => {
      let text = "";
      return {
        onData(chunk) {
          for (const char of chunk) {
            if (char === "\r" || char === "\n") return finish(text);
            if (char === "\u0003") return fail(new Interrupted());
            if (char === "\u0004") {
              if (text === "") return finish(undefined);
              continue;
            }
            if (char === "\u007f" || char === "\b") text = Array.from(text).slice(0, -1).join("");
            else if (char >= " ") text += char;
          }
        },
        onEnd: () => finish(text === "" ? undefined : text),
      };
    },
    true,
  );
}
