// @trellis/core/extend: the public contract for people who extend Trellis rather than write apps:
// route features, app plugins, observers, schema adapters, pub/sub engines, stores and upload
// sinks. Semver-covered like `@trellis/core`; explicit named exports only.
//
// The rule for what lives here rather than in `@trellis/core` (a test keeps the two disjoint):
// - a name app code imports (docs/*.md for app authors, README.md, docs/examples, apps/example)
//   stays in `@trellis/core`;
// - a name only an extension needs (a contract to implement, the context it is handed, a helper
//   for checking its options or reaching an engine) lives here;
// - a type that only appears inside an option type stays in `@trellis/core` when app code needs it
//   to write typed code (a decorator's options, an exception's options), and lives here when an
//   app only passes a value a factory made (a plugin, an adapter, a sink, an observer).

export type { CurrentValidators, PreconditionCheck } from "./controller/current-validators.js";
export { preconditionsSlot } from "./controller/response-state.js";
export type { CheckedParameterDecorator } from "./decorators/binding-check.js";
export type { DocsPluginContext, DocsRouteHandler, DocsVersion } from "./docs/docs-plugin.js";
export { checkDuration } from "./errors/check-duration.js";
export {
  checkWholeNumber,
  invalidValue,
  type WholeNumberRule,
} from "./errors/check-whole-number.js";
export { type ConfigErrorFactory, defineConfigErrors } from "./errors/config-error.js";
export { engineDeadline } from "./errors/engine-deadline.js";
export type { FeatureErrorCodes } from "./errors/error-codes.js";
export { configErrorCodes, configErrors } from "./errors/error-codes.js";
export { type OutageLog, type OutagePolicy, outageLog } from "./errors/outage-log.js";
export { withoutStack } from "./errors/without-stack.js";
export { featureKey } from "./feature/feature-key.js";
export { warnMemoryStore } from "./feature/memory-store-warning.js";
export type {
  AnswerHandler,
  Deployment,
  FeatureKey,
  FeatureSetting,
  FeatureStage,
  HandlerHooks,
  HandlerStage,
  PlanContext,
  RouteFeature,
  StageContext,
  StagePlace,
} from "./feature/route-feature.js";
export type { TrustedAddressHeader } from "./http/client-address.js";
export { signedMediaTypes } from "./http/media-signature.js";
export { readWithin } from "./http/read-within.js";
export { maxRequestIdLength } from "./http/request-id.js";
export type { RouteHandler, RouteMap, ServeHandler } from "./http/route-handler.js";
export type {
  BodyContentType,
  BodyEncoding,
  HttpMethod,
  ParameterLocation,
} from "./http/vocabulary.js";
export type {
  AppObserver,
  AppTelemetry,
  ErrorObserver,
  MessageOutcome,
  ObserveContext,
  RouteObserver,
  RouteStageObserver,
  SocketObserver,
} from "./observability/app-observer.js";
export type { RequestLogSink } from "./observability/request-logger.js";
export type {
  DocumentFragment,
  FeatureUse,
  FragmentHeader,
  FragmentParameter,
  FragmentResponse,
  ToolFragment,
} from "./operation/feature-use.js";
export type {
  Binding,
  BodyBinding,
  Operation,
  OperationDocs,
  ParameterBinding,
  RequestBinding,
  ResponseSpec,
  SecurityRequirement,
} from "./operation/operation.js";
export { withHeaders } from "./pipeline/response-headers.js";
export type {
  AppDispatchOptions,
  AppPlugin,
  AppPluginContext,
  AppPluginMount,
  AppPluginOperation,
  AppPluginResponse,
  AppPluginRoute,
  AppSchemas,
} from "./plugin/app-plugin.js";
export { eventLogger } from "./pubsub/event-logger.js";
export { decodeEventMeta, encodeEventMeta } from "./pubsub/event-meta-text.js";
export { followTopic } from "./pubsub/follow-topic.js";
export type {
  PublishQueueBounds,
  PublishQueueTarget,
  QueuedPublish,
} from "./pubsub/publish-queue.js";
export { PublishQueue } from "./pubsub/publish-queue.js";
export type {
  EventMeta,
  PubSubContext,
  PubSubGap,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "./pubsub/pubsub.js";
export type { ResumeHandlers } from "./pubsub/subscribe-from.js";
export { subscribeFrom } from "./pubsub/subscribe-from.js";
export { TopicListeners } from "./pubsub/topic-listeners.js";
export { maxJsonDepth } from "./request/json-guard.js";
export { readJsonBody } from "./request/read-json-body.js";
export { maxIssues } from "./request/request-inputs.js";
export type { SchemaTypes } from "./schema/infer.js";
export type { IssueCode } from "./schema/issue-codes.js";
export type { JsonSchema } from "./schema/json-schema.js";
export type {
  CompileOptions,
  JsonSchemaContext,
  JsonSchemaDialect,
  MaybeAsyncValidator,
  SchemaAdapter,
  SchemaRefusal,
  SchemaTarget,
  UnknownPropertyPolicy,
  ValidationIssue,
  ValidationResult,
  Validator,
} from "./schema/schema-adapter.js";
export type { UploadInfo, UploadSink, UploadTarget } from "./uploads/upload-sink.js";
export type { BunSocket, SocketBytes } from "./websocket/bun-socket.js";
export type { ErrorFrame, MessageIssue } from "./websocket/error-frame.js";
export type { WebSocketHandler } from "./websocket/websocket-handler.js";
