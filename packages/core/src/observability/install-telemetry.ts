import { configError } from "../errors/core-config-error.js";
import type { Logger } from "../errors/logger.js";
import type { AppObserver, AppTelemetry } from "./app-observer.js";

const notTelemetry = (got: string) => configError("INVALID_TELEMETRY", [got]);

/**
 * Installs the observer `createApp({ plugins })` lists, once: the app's observer, or undefined when there is none
 * (then nothing observes a request and every route compiles to the code it has without one).
 */
export function installTelemetry(value: unknown, logger: Logger): AppObserver | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== "object") throw notTelemetry(String(value));
  const { observe } = value as Partial<AppTelemetry>;
  if (typeof observe !== "function") throw notTelemetry("an object without observe()");
  const observer = observe.call(value, { logger });
  if (observer === undefined) return undefined;
  if (typeof observer?.request !== "function" || typeof observer.route !== "function") {
    throw notTelemetry("one whose observe() returned no request() and route()");
  }
  return observer;
}
