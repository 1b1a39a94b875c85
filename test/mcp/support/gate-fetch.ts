// A fetch for the platform client that holds chunk uploads from the n-th on, before they leave,
// until the test opens the gate (or the request is aborted): the chunks before it have reached the
// mock, the held ones have not. With concurrency 1, upload n is chunk n-1.
const CHUNK_UPLOAD = /^\/api\/public\/files\/session\/(?!start$)[^/]+$/;

export interface GateFetch {
  fetch: typeof fetch;
  /** Resolves once a held upload is waiting at the gate. */
  reached: Promise<void>;
  open(): void;
}

export function gateFetch(holdFrom: number): GateFetch {
  let uploads = 0;
  let open!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const gated: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (init?.method === "POST" && CHUNK_UPLOAD.test(url.pathname) && ++uploads >= holdFrom) {
      reach();
      const signal = init.signal;
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal?.reason ?? new DOMException("aborted", "AbortError"));
        if (signal?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        void opened.then(() => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        });
      });
    }
    return fetch(input, init);
  };
  return { fetch: gated, reached, open };
}
