export type { AccessLogLine, AccessLogOptions } from "./access-log.js";
export { instrumentationScope, openTelemetry } from "./open-telemetry.js";
export type { OpenTelemetryOptions } from "./telemetry-options.js";
