import { EngineUnavailableError } from "./engine-unavailable.js";

/**
 * `work`, or an `EngineUnavailableError` of `engine` once `milliseconds` pass without its answer
 * (a stalled server keeps its socket open and answers nothing, so only a deadline tells). `onLate`
 * runs then, given that error: drop the connection that stalled. A late answer is dropped.
 *
 * @example
 * await engineDeadline(client.send("GET", [key]), "redis", 1000, () => reconnect());
 */
export async function engineDeadline<T>(
  work: Promise<T>,
  engine: string,
  milliseconds: number,
  onLate?: (error: EngineUnavailableError) => void,
  why = `no answer within ${milliseconds} ms`,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new EngineUnavailableError(engine, why);
      reject(error);
      onLate?.(error);
    }, milliseconds);
  });
  work.catch(() => {}); // settled after the deadline: nobody waits for it
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
