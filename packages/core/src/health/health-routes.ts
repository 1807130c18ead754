import type { AppState } from "../di/built-in-tokens.js";
import type { Logger } from "../errors/logger.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { RouteObservation } from "../observability/route-observation.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { RouterEntry } from "../router/build-router.js";
import { healthOperations, type Readiness, type ReadinessCheck } from "./health-operations.js";
import type { HealthCheckResult, HealthIndicator, HealthSettings } from "./health-options.js";
import { PressureMonitor } from "./pressure-monitor.js";

/** What the health endpoints read of their app. */
export interface HealthContext {
  readonly state: AppState;
  readonly pubsub: PubSub;
  /** A provider's instance as the app's root module sees it. */
  readonly resolve: (token: Function, consumer: string) => unknown;
  readonly logger: Logger;
  readonly respondError: ErrorResponder;
  /** Names the requests' spans and access lines, when the app observes requests. */
  readonly observe?: (operation: Operation) => RouteObservation;
}

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
  context: HealthContext,
) {
  let instance: unknown;
  const call = () => {
    if (typeof indicator === "function") return indicator();
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
 * The health endpoints of an app: liveness answers 200 while the process answers; readiness
 * answers 503 while the app starts or closes (`AppState`), when a check is down, or under
 * pressure (with `Retry-After`), else 200. Both are documented operations.
 */
export function healthRoutes(
  settings: HealthSettings,
  context: HealthContext,
): { readonly operations: readonly Operation[]; readonly entries: readonly RouterEntry[] } {
  const { live, ready } = healthOperations(settings);
  // The app's state is read per request: the container that holds it is made after the routes.
  const { pubsub, respondError } = context;
  const monitor =
    settings.pressure === undefined
      ? undefined
      : new PressureMonitor(
          settings.pressure,
          () => context.state.status === "closed" || context.state.status === "failed",
        );
  const checks = [...settings.indicators].map(
    ([name, indicator]) => [name, checker(name, indicator, settings, context)] as const,
  );

  const liveness: RouteHandler = () => answer(200, { status: "ok" });
  const readiness: RouteHandler = async (request) => {
    try {
      const state = context.state;
      const status = state.status;
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
        const engine = pubsub.status();
        found.pubsub = { status: engine.connected ? "up" : "down", engine: engine.engine };
      }
      const pressure = monitor?.checks() ?? {};
      Object.assign(found, pressure);
      const pressed = Object.values(pressure).some((check) => check.status === "down");
      const up =
        state.status === "ready" && Object.values(found).every((check) => check.status === "up");
      const body: Readiness = {
        status: up ? "ok" : "unavailable",
        state: state.status,
        checks: found,
      };
      return answer(
        up ? 200 : 503,
        body,
        pressed ? settings.pressure?.retryAfterSeconds : undefined,
      );
    } catch (error) {
      return respondError(error, request, ready);
    }
  };

  const entry = (operation: Operation, handler: RouteHandler): RouterEntry => ({
    method: operation.method,
    path: operation.path,
    shape: operation.shape,
    route: operation.openapiPath,
    handler: context.observe ? context.observe(operation).enter(handler) : handler,
  });
  return { operations: [live, ready], entries: [entry(live, liveness), entry(ready, readiness)] };
}
