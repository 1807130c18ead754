import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/health, with their message templates (README lists them). */
export const healthErrors = {
  INVALID_HEALTH_OPTIONS: {
    meaning:
      "an option of healthChecks() (path, indicators, pubsub, pressure, timeoutMs, tag) has the wrong type or value",
    message: "healthChecks: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_HEALTH_OPTIONS: typeof healthErrors.INVALID_HEALTH_OPTIONS.meaning;
  }
}

const healthError = defineConfigErrors(healthErrors);

/** What one readiness check found: up or down, with details a probe may show (no secrets). */
export type HealthCheckResult =
  | boolean
  | { readonly status: "up" | "down"; readonly [detail: string]: unknown };

type Awaitable<T> = T | Promise<T>;

/** Whether an indicator that is down fails readiness. */
export interface IndicatorOptions {
  /**
   * True (the default for an indicator): down, readiness answers 503 and the balancer sends this
   * instance no traffic. False: down, readiness still answers 200, with `status: "degraded"` and
   * the indicator's name in `degraded`, for a dependency the API can live without (a Redis that
   * only holds rate limits): a dependency every instance shares is down for all of them, and
   * failing readiness on it would take every instance out at once.
   */
  readonly critical?: boolean;
}

/**
 * One thing readiness depends on: a function, `{ check, critical }`, or a provider of the app and
 * a check of it (`healthIndicator(DatabaseHealth, (db) => db.isReachable())`). A check that
 * throws, rejects or takes longer than `timeoutMs` is down.
 */
export type HealthIndicator =
  | (() => Awaitable<HealthCheckResult>)
  | ({ readonly check: () => Awaitable<HealthCheckResult> } & IndicatorOptions)
  | ({
      readonly inject: abstract new (...args: never[]) => unknown;
      readonly check: (instance: never) => Awaitable<HealthCheckResult>;
    } & IndicatorOptions);

/**
 * A readiness check of one of the app's providers, resolved once, when first checked.
 *
 * @example
 * healthChecks({ indicators: { database: healthIndicator(DatabaseHealth, (db) => db.isReachable()) } });
 */
export function healthIndicator<T>(
  inject: abstract new (...args: never[]) => T,
  check: (instance: T) => Awaitable<HealthCheckResult>,
  options: IndicatorOptions = {},
): HealthIndicator {
  return {
    inject,
    check: check as (instance: never) => Awaitable<HealthCheckResult>,
    ...(options.critical === undefined ? {} : { critical: options.critical }),
  };
}

/** Limits past which the process is under pressure: readiness answers 503 with `Retry-After`. */
export interface PressureOptions {
  /** Event-loop delay in milliseconds (the lateness of a timer, sampled). */
  readonly maxEventLoopDelayMs?: number;
  /** `process.memoryUsage().heapUsed` in bytes. */
  readonly maxHeapUsedBytes?: number;
  /** Resident set size in bytes. */
  readonly maxRssBytes?: number;
  /** Milliseconds between samples (default 1000). */
  readonly sampleIntervalMs?: number;
  /** The `Retry-After` seconds of a 503 under pressure (default 10). */
  readonly retryAfterSeconds?: number;
}

/** `healthChecks(options)`: liveness and readiness endpoints, documented in the OpenAPI document. */
export interface HealthOptions {
  /** Where they are served: `<path>/live` and `<path>/ready` (default `/health`). */
  readonly path?: string;
  /** What readiness checks besides the app's state, by name. */
  readonly indicators?: Readonly<Record<string, HealthIndicator>>;
  /**
   * Check the publish/subscribe engine (`pubsub.status().connected`); default true, not critical:
   * a lost engine shows as `degraded`, readiness stays 200 (requests are still served; events
   * wait or are lost as the engine's adapter documents). `{ critical: true }` fails readiness.
   */
  readonly pubsub?: boolean | IndicatorOptions;
  /** Event-loop delay, heap and RSS limits; none by default. */
  readonly pressure?: PressureOptions;
  /** Milliseconds a check may take before it counts as down (default 3000). */
  readonly timeoutMs?: number;
  /** The tag of both operations in the document (default `health`). */
  readonly tag?: string;
}

/** `HealthOptions`, checked, with their defaults. */
export interface HealthSettings {
  readonly path: string;
  readonly indicators: ReadonlyMap<string, HealthIndicator>;
  /** The names of the checks whose being down fails readiness (indicators and pubsub). */
  readonly critical: ReadonlySet<string>;
  readonly pubsub: boolean;
  readonly pressure: Required<PressureOptions> | undefined;
  readonly timeoutMs: number;
  readonly tag: string;
}

const fail = (message: string): never => {
  throw healthError("INVALID_HEALTH_OPTIONS", [message]);
};

const positive = (value: unknown, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) {
    return fail(`${name} must be a positive number.`);
  }
  return value;
};

const isIndicator = (value: unknown): value is HealthIndicator =>
  typeof value === "function" ||
  (value !== null &&
    typeof value === "object" &&
    ["undefined", "function"].includes(typeof (value as { inject?: unknown }).inject) &&
    typeof (value as { check?: unknown }).check === "function" &&
    ["undefined", "boolean"].includes(typeof (value as { critical?: unknown }).critical));

function parsePressure(value: PressureOptions | undefined): HealthSettings["pressure"] {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== "object") return fail("pressure must be an object.");
  return {
    maxEventLoopDelayMs: positive(value.maxEventLoopDelayMs, "pressure.maxEventLoopDelayMs") ?? 0,
    maxHeapUsedBytes: positive(value.maxHeapUsedBytes, "pressure.maxHeapUsedBytes") ?? 0,
    maxRssBytes: positive(value.maxRssBytes, "pressure.maxRssBytes") ?? 0,
    sampleIntervalMs: positive(value.sampleIntervalMs, "pressure.sampleIntervalMs") ?? 1000,
    retryAfterSeconds: Math.ceil(
      positive(value.retryAfterSeconds, "pressure.retryAfterSeconds") ?? 10,
    ),
  };
}

/** Checks the options of `healthChecks()`, with their defaults. */
export function parseHealth(value: HealthOptions | undefined): HealthSettings {
  const options = value ?? {};
  if (options === null || typeof options !== "object") {
    return fail("its options must be an object ({ path, indicators, pressure, ... }).");
  }
  const path = options.path ?? "/health";
  if (typeof path !== "string" || !/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) {
    return fail(`path must be a path like "/health" (no parameters, no trailing slash).`);
  }
  const indicators = new Map<string, HealthIndicator>();
  const critical = new Set<string>();
  for (const [name, indicator] of Object.entries(options.indicators ?? {})) {
    if (!isIndicator(indicator)) {
      return fail(
        `indicators.${name} must be a function, { check, critical? } or healthIndicator(Token, check, { critical? }).`,
      );
    }
    indicators.set(name, indicator);
    if (typeof indicator === "function" || indicator.critical !== false) critical.add(name);
  }
  const { pubsub = true } = options;
  if (
    typeof pubsub !== "boolean" &&
    (pubsub === null ||
      typeof pubsub !== "object" ||
      !["undefined", "boolean"].includes(typeof pubsub.critical))
  ) {
    return fail("pubsub must be true, false or { critical?: boolean }.");
  }
  if (typeof pubsub === "object" && pubsub.critical === true) critical.add("pubsub");
  return {
    path,
    indicators,
    critical,
    pubsub: pubsub !== false,
    pressure: parsePressure(options.pressure),
    timeoutMs: positive(options.timeoutMs, "timeoutMs") ?? 3000,
    tag: typeof options.tag === "string" && options.tag !== "" ? options.tag : "health",
  };
}
