import type { AppStatus } from "@trellis/core";
import type { AppPluginOperation, AppPluginResponse, JsonSchema } from "@trellis/core/extend";
import type { HealthSettings } from "./health-options.js";

/** The liveness answer: the process is up. */
export interface Liveness {
  readonly status: "ok";
}

/** One check of a readiness answer. */
export interface ReadinessCheck {
  readonly status: "up" | "down";
  readonly [detail: string]: unknown;
}

/**
 * The readiness answer: ready or not (`"degraded"`: ready, with a non-critical check down), the
 * app's state, what each check found, and the names of the non-critical checks that are down.
 */
export interface Readiness {
  readonly status: "ok" | "degraded" | "unavailable";
  readonly state: AppStatus;
  readonly checks: Readonly<Record<string, ReadinessCheck>>;
  /** The checks that are down without failing readiness (`critical: false`); absent when none. */
  readonly degraded?: readonly string[];
}

/**
 * The operations of `healthChecks()`, as `@trellis/client` names them: type a client with
 * `{ health: HealthChecks }` to call `live()` and `ready()`.
 */
export abstract class HealthChecks {
  /** `GET <path>/live`. */
  abstract live(): Liveness;
  /** `GET <path>/ready`: 503 while starting, closing, under pressure or with a critical check down. */
  abstract ready(): Promise<Readiness>;
}

const livenessSchema: JsonSchema = {
  type: "object",
  required: ["status"],
  properties: { status: { type: "string", enum: ["ok"] } },
};

const readinessSchema: JsonSchema = {
  type: "object",
  required: ["status", "state", "checks"],
  properties: {
    status: { type: "string", enum: ["ok", "degraded", "unavailable"] },
    state: { type: "string", enum: ["starting", "ready", "closing", "closed", "failed"] },
    checks: {
      type: "object",
      description: "What each check found, by name (indicators, the pub/sub engine, pressure).",
      additionalProperties: {
        type: "object",
        required: ["status"],
        properties: { status: { type: "string", enum: ["up", "down"] } },
      },
    },
    degraded: {
      type: "array",
      items: { type: "string" },
      description:
        "The checks that are down without failing readiness (critical: false; the pub/sub engine by default).",
    },
  },
};

const response = (
  status: number,
  schema: JsonSchema,
  description: string,
  retryAfter = false,
): AppPluginResponse => ({
  status,
  schema,
  description,
  ...(retryAfter
    ? {
        headers: {
          "Retry-After": {
            schema: { type: "integer", minimum: 0 },
            description: "Seconds to wait before asking again (starting, or under pressure).",
          },
        },
      }
    : {}),
});

const operation = (
  settings: HealthSettings,
  handler: "live" | "ready",
  summary: string,
  description: string,
  responses: readonly AppPluginResponse[],
): AppPluginOperation => ({
  controller: HealthChecks,
  handler,
  operationId: handler === "live" ? "getLiveness" : "getReadiness",
  summary,
  description,
  tags: [settings.tag],
  responses,
});

/** The two documented operations of the health endpoints. */
export function healthOperations(settings: HealthSettings): {
  live: AppPluginOperation;
  ready: AppPluginOperation;
} {
  return {
    live: operation(
      settings,
      "live",
      "Liveness probe",
      "200 while the process answers requests; restart it when this fails.",
      [response(200, livenessSchema, "The process is up")],
    ),
    ready: operation(
      settings,
      "ready",
      "Readiness probe",
      "200 when the app is ready and every critical check is up (status degraded, with the non-critical checks that are down in degraded); 503 (send no traffic here for now) while it starts or closes, when a critical check is down, or under pressure.",
      [
        response(200, readinessSchema, "Ready to serve"),
        response(
          503,
          readinessSchema,
          "Not ready: starting, closing, a critical check down, or under pressure",
          true,
        ),
      ],
    ),
  };
}
