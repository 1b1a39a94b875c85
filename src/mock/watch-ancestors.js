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

/**
 * Calls `onGone` once when this process's parent, or the grandparent behind a shell parent,
 * has exited. The timer is unref'd: it never keeps the process alive by itself.
 * @param {() => void} onGone
 * @returns {() => void} stops watching
 */
export function watchAncestors(onGone) {
  const parent = process.ppid;
  const watched = [parent];
  const parentStat = procStat(parent);
  if (parentStat && SHELLS.test(parentStat.comm) && parentStat.ppid > 1) watched.push(parentStat.ppid);
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
