// One import per state file at a time: two runs resuming the same state would both upload, and
// their states would overwrite each other. A lock file beside the state (`STATE.lock`, created
// exclusively) names its holder; a second run refuses, naming it (exit 2). A lock whose holder
// died (SIGKILL, a crash, a reboot) is taken over: the holder's process id no longer runs on this
// host. Creating the lock is also the first write into the state's folder, so a folder that is
// missing or read-only is found here, before anything is sent.
import { hostname } from "node:os";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { UsageError } from "../exit-codes.js";
import { fileError } from "./file-errors.js";

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export interface StateLock {
  release(): void;
}

function holderOf(lockPath: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<Holder>;
    return typeof holder.pid === "number" && typeof holder.host === "string" ? { pid: holder.pid, host: holder.host, since: String(holder.since) } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder may still be running: always yes for another host, which we cannot see. */
function alive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockStateFile(statePath: string): StateLock {
  const lockPath = `${statePath}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, `${JSON.stringify(me)}\n`, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw fileError(lockPath, "create the lock beside the import's state", error);
      const holder = holderOf(lockPath);
      if (holder && alive(holder)) {
        throw new UsageError(`${statePath} is in use by another import: process ${holder.pid} on ${holder.host}, since ${holder.since}; let it finish, or stop it first`);
      }
      // Its holder is gone (or the lock is unreadable, left half-written by a crash): take it over.
      rmSync(lockPath, { force: true });
      continue;
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off("exit", release);
      // Only our own: a lock taken over by another run after ours was judged dead stays theirs.
      if (holderOf(lockPath)?.pid === me.pid) rmSync(lockPath, { force: true });
    };
    // process.exit() (a second Ctrl-C, a closed stdout) skips finally blocks; the exit event does not.
    process.on("exit", release);
    return { release };
  }
  throw new UsageError(`${statePath}: another import keeps taking its lock; try again`);
}
