/** How often the coarse clock reads the real one (milliseconds): how stale it can be. */
export const coarseTickMs = 100;

let now = Date.now();
let holders = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * The time in milliseconds, read from a variable a timer refreshes: reading the real clock costs a
 * system call on some machines (about 100 ns), too much for every publish. Up to `coarseTickMs`
 * behind while held; the real clock when nobody holds it.
 */
export function coarseNow(): number {
  return timer === undefined ? Date.now() : now;
}

/** Keeps the coarse clock ticking until the returned release is called (once). */
export function holdCoarseClock(): () => void {
  if (holders++ === 0) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
    }, coarseTickMs);
    // Never the reason a process stays alive.
    (timer as { unref?: () => void }).unref?.();
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
