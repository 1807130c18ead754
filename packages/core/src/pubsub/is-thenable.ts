// Here because pubsub is the lowest floor that takes an answer that may or may not be a promise;
// every floor above (di, pipeline, route, websocket) imports it from here.

/** True for a promise or any object with a `then` method (what `await` would wait for). */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === "object" || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function";
