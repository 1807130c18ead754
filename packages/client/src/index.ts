// Public API of @trellis/client. Explicit named exports only.

export type { Problem, ProblemIssue } from "./client-errors.js";
export { TrellisClientError, TrellisNetworkError } from "./client-errors.js";
export type { Client, ClientArguments, ClientResult, ControllerClient } from "./client-types.js";
export type { ClientOptions } from "./create-client.js";
export { createClient } from "./create-client.js";
export type { SseMessage } from "./event-stream.js";
