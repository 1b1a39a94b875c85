import type { ChildProcess } from "node:child_process";

export interface PrismProcess {
  /** Base URL, e.g. http://127.0.0.1:40123. */
  url: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once Prism has exited. */
  stop(): Promise<void>;
  /** Prism's recent log lines, for a failure message. */
  output(): string;
  pid: number | undefined;
  child: ChildProcess;
}

/**
 * Starts Prism's CLI script with the given arguments; resolves once it listens. A taken port
 * rejects with an error whose `code` is "EADDRINUSE" and which carries the `port`.
 */
export declare function launchPrism(options: { script: string; args: string[]; env?: NodeJS.ProcessEnv; readyTimeoutMs?: number }): Promise<PrismProcess>;
