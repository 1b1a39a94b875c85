// Ends a long-running process when the one that started it is gone, however it went: a parent
// killed with SIGKILL sends no signal on, and `npm run` puts a shell between npm and the script,
// so npm's own death leaves the script's parent (the shell) alive. Polls the parent and, when
// the parent is a shell, its parent too. Plain JavaScript (with a .d.ts beside it) so that the
// repository's scripts, which run without a build, import it as it is.
import { readFileSync } from "node:fs";

const POLL_MS = 200;
const SHELLS = /^(sh|dash|bash|zsh|ash|busybox)$/;

/** Parent pid and command name of `pid` from /proc (Linux); undefined elsewhere or when gone. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const ppid = Number(stat.slice(close + 2).split(" ")[1]);
    return { comm, ppid };
  } catch {
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

// Read when this module is first imported, at the start of the process: by the time a caller
// starts watching (after its server listens), npm may be gone already and the shell adopted by
// init, and the grandparent could no longer be told.
const PARENT = process.ppid;
const GRANDPARENT = (() => {
  const stat = procStat(PARENT);
  return stat && SHELLS.test(stat.comm) && stat.ppid > 1 ? stat.ppid : undefined;
})();

/**
 * Calls `onGone` once when this process's parent, or the grandparent behind a shell parent (as
 * they were when the process started), has exited. The timer is unref'd: it never keeps the
 * process alive by itself.
 * @param {() => void} onGone
 * @returns {() => void} stops watching
 */
export function watchAncestors(onGone) {
  const parent = PARENT;
  const watched = GRANDPARENT === undefined ? [parent] : [parent, GRANDPARENT];
  let fired = false;
  const timer = setInterval(() => {
    if (fired) return;
    if (process.ppid !== parent || !watched.every(isAlive)) {
      fired = true;
      clearInterval(timer);
      onGone();
    }
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
