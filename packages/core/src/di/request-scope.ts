import { isThenable } from "../pubsub/is-thenable.js";
import type { NormalizedProvider } from "./provider.js";

/** The instances of one request's request-scoped providers, made on first use. */
export interface RequestScope {
  readonly request: Request;
  readonly made: Map<unknown, unknown>;
}

/** Makes (or finds) one request-scoped provider's instance within a request. */
export type Maker = (scope: RequestScope) => unknown;

/**
 * One request-scoped provider's instance, from its dependencies' instances for this request. A
 * factory must answer at once: nothing per request waits for it.
 */
export function makeForRequest(
  provider: NormalizedProvider,
  args: readonly unknown[],
  name: string,
): unknown {
  if (provider.kind === "value") return provider.value;
  if (provider.kind === "class") {
    return new (provider.useClass as new (...args: unknown[]) => unknown)(...args);
  }
  const value = provider.factory(...args);
  if (isThenable(value)) {
    throw new Error(`the request-scoped factory of ${name} returned a promise`);
  }
  return value;
}
