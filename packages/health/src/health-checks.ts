import type { AppPlugin, AppPluginContext } from "@trellis/core/extend";
import { healthOperations, type Readiness, type ReadinessCheck } from "./health-operations.js";
import {
  type HealthCheckResult,
  type HealthIndicator,
  type HealthOptions,
  type HealthSettings,
  parseHealth,
} from "./health-options.js";
import { PressureMonitor } from "./pressure-monitor.js";

const jsonHeaders = { "content-type": "application/json", "cache-control": "no-store" };

const answer = (status: number, body: unknown, retryAfter?: number): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers:
      retryAfter === undefined
        ? jsonHeaders
        : { ...jsonHeaders, "retry-after": String(retryAfter) },
  });

function toCheck(result: HealthCheckResult): ReadinessCheck {
  if (typeof result === "boolean") return { status: result ? "up" : "down" };
  if (
    result !== null &&
    typeof result === "object" &&
    (result.status === "up" || result.status === "down")
  ) {
    return result as ReadinessCheck;
  }
  return { status: "down" };
}

/**
 * Runs one indicator within `timeoutMs`; a throw, a rejection or a late answer is down (logged as a
 * warning: the readiness body never carries an error's message).
 */
function checker(
  name: string,
  indicator: HealthIndicator,
  settings: HealthSettings,
  context: AppPluginContext,
) {
  let instance: unknown;
  const call = () => {
    if (typeof indicator === "function") return indicator();
    if (!("inject" in indicator) || indicator.inject === undefined) {
      return (indicator.check as () => HealthCheckResult | Promise<HealthCheckResult>)();
    }
    instance ??= context.resolve(indicator.inject, `health indicator "${name}"`);
    return indicator.check(instance as never);
  };
  return (): Promise<ReadinessCheck> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ReadinessCheck>((resolve) => {
      timer = setTimeout(() => resolve({ status: "down", reason: "timeout" }), settings.timeoutMs);
    });
    const checked = Promise.resolve()
      .then(call)
      .then(toCheck, (error: unknown) => {
        context.logger.warn?.(`Health check "${name}" failed:`, error);
        return { status: "down" } as const;
      });
    return Promise.race([checked, late]).finally(() => clearTimeout(timer));
  };
}

/**
 * Liveness and readiness endpoints, an app plugin for `createApp({ plugins })`: `GET <path>/live`
 * answers 200 while the process answers; `GET <path>/ready` answers 503 while the app starts or
 * closes, when a critical indicator is down (indicators are critical unless `critical: false`), or
 * under pressure (with `Retry-After`), else 200: `status: "degraded"` with the names of the
 * non-critical checks that are down (the publish/subscribe engine's by default) in `degraded`.
 * Both are documented operations (`getLiveness`, `getReadiness`).
 *
 * @example
 * createApp({
 *   schema: typebox(),
 *   controllers: [UserController],
 *   plugins: [
 *     healthChecks({
 *       indicators: { database: healthIndicator(Database, (db) => db.ping()) },
 *       pressure: { maxEventLoopDelayMs: 1000 },
 *     }),
 *   ],
 * });
 */
export function healthChecks(options?: HealthOptions): AppPlugin {
  const settings = parseHealth(options);
  return {
    name: "health",
    mount(context) {
      const { live, ready } = healthOperations(settings);
      // Sampling starts once the app is made (ready) and stops when it closes.
      let monitor: PressureMonitor | undefined;
      const checks = [...settings.indicators].map(
        ([name, indicator]) => [name, checker(name, indicator, settings, context)] as const,
      );
      const readiness = async (): Promise<Response> => {
        // The app's state is read per request.
        const status = context.status();
        if (status !== "ready") {
          const body: Readiness = { status: "unavailable", state: status, checks: {} };
          return answer(503, body, status === "starting" ? 1 : undefined);
        }
        const found: Record<string, ReadinessCheck> = {};
        const results = await Promise.all(checks.map(([, check]) => check()));
        checks.forEach(([name], index) => {
          found[name] = results[index] as ReadinessCheck;
        });
        if (settings.pubsub) {
          const engine = context.pubsub.status();
          found.pubsub = { status: engine.connected ? "up" : "down", engine: engine.engine };
        }
        const pressure = monitor?.checks() ?? {};
        Object.assign(found, pressure);
        const pressed = Object.values(pressure).some((check) => check.status === "down");
        const state = context.status();
        const down = Object.keys(found).filter((name) => found[name]?.status === "down");
        // Pressure checks are this instance's own: always critical.
        const failing = down.filter((name) => settings.critical.has(name) || name in pressure);
        const degraded = down.filter((name) => !failing.includes(name));
        const up = state === "ready" && failing.length === 0;
        const body: Readiness = {
          status: !up ? "unavailable" : degraded.length > 0 ? "degraded" : "ok",
          state,
          checks: found,
          ...(degraded.length > 0 ? { degraded } : {}),
        };
        return answer(
          up ? 200 : 503,
          body,
          pressed ? settings.pressure?.retryAfterSeconds : undefined,
        );
      };
      return {
        routes: [
          {
            method: "GET",
            path: `${settings.path}/live`,
            handler: () => answer(200, { status: "ok" }),
            operation: live,
          },
          { method: "GET", path: `${settings.path}/ready`, handler: readiness, operation: ready },
        ],
        ready() {
          if (settings.pressure !== undefined) monitor = new PressureMonitor(settings.pressure);
        },
        close() {
          monitor?.stop();
        },
      };
    },
  };
}
