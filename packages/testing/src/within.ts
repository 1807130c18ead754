/**
 * Waits for `promise`, but at most `seconds`: past that it rejects naming `what`, so a test that
 * waits for something that never happens fails in seconds with a reason, not at the suite's
 * timeout. The bound is a safety net for a broken implementation, never a measure of speed.
 *
 * @example
 * await within(cancelled, 10, "the body's cancel reaching its source");
 */
export function within<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`waited ${seconds} s for ${what}; it never happened`)),
      seconds * 1000,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
