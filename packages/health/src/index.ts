// Public API of @trellis/health. Explicit named exports only.

export { healthChecks } from "./health-checks.js";
export {
  HealthChecks,
  type Liveness,
  type Readiness,
  type ReadinessCheck,
} from "./health-operations.js";
export {
  type HealthCheckResult,
  type HealthIndicator,
  type HealthOptions,
  healthIndicator,
  type IndicatorOptions,
  type PressureOptions,
} from "./health-options.js";
export type { PressureCheck } from "./pressure-monitor.js";
