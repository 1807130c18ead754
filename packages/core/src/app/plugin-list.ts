import { configError } from "../errors/core-config-error.js";
import type { RouteFeature } from "../feature/route-feature.js";
import type { AppTelemetry } from "../observability/app-observer.js";
import type { AppPlugin } from "../plugin/app-plugin.js";

/**
 * One entry of `createApp({ plugins })`: everything that extends an app goes in that one list,
 * as Fastify's `register` takes every plugin. Three kinds, told apart by their shape:
 * - a route feature (`rateLimits()`, `idempotencyKeys()`): per-route stages and documentation;
 * - an app plugin (`healthChecks()`, `mcpServer()`): routes and lifecycle;
 * - an observer (`openTelemetry()`): traces, metrics, the access log (one per app).
 */
// biome-ignore lint/suspicious/noExplicitAny: a list holds features of every setting and plan type.
export type Plugin = RouteFeature<any, any> | AppPlugin | AppTelemetry;

/** `plugins` sorted by kind, each kind in the order listed. */
export interface PluginList {
  readonly features: readonly unknown[];
  readonly appPlugins: readonly unknown[];
  /** The observer, when one is listed. */
  readonly telemetry: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object";

const kindOf = (entry: unknown): keyof PluginList | undefined => {
  if (!isObject(entry)) return undefined;
  if (typeof entry.plan === "function" && isObject(entry.key)) return "features";
  if (typeof entry.mount === "function") return "appPlugins";
  if (typeof entry.observe === "function") return "telemetry";
  return undefined;
};

/**
 * Sorts `plugins` by kind; each kind is then checked where it is installed (names, duplicates).
 * Anything of no kind is `INVALID_PLUGIN` with its index; a second observer too (an app reports
 * through one: two would each time every request and open a span twice).
 */
export function sortPlugins(listed: unknown, caller: string): PluginList {
  if (listed === undefined) return { features: [], appPlugins: [], telemetry: undefined };
  if (!Array.isArray(listed)) {
    throw configError("INVALID_PLUGIN", [`${caller}: plugins`, "must be an array of plugins."]);
  }
  const features: unknown[] = [];
  const appPlugins: unknown[] = [];
  let telemetry: unknown;
  for (const [index, entry] of listed.entries()) {
    const kind = kindOf(entry);
    if (kind === "features") features.push(entry);
    else if (kind === "appPlugins") appPlugins.push(entry);
    else if (kind === "telemetry" && telemetry === undefined) telemetry = entry;
    else {
      throw configError("INVALID_PLUGIN", [
        `${caller}: plugins[${index}]`,
        kind === "telemetry"
          ? "is a second observer: an app has one (openTelemetry() reports traces, metrics and logs together)."
          : "is not a plugin: a route feature such as rateLimits(), an app plugin such as healthChecks(), or an observer such as openTelemetry().",
      ]);
    }
  }
  return { features, appPlugins, telemetry };
}
