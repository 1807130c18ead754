// Public API of @trellis/core. Explicit named exports only.

export type { App } from "./app/app.js";
export type { CloseOptions } from "./app/app-lifecycle.js";
export type {
  AppOptions,
  ControllerClass,
  DocumentOptions,
  ModuleClass,
} from "./app/app-options.js";
export type { RunningServer } from "./app/app-runtime.js";
export { buildDocument } from "./app/build-document.js";
export { createApp } from "./app/create-app.js";
export type { Plugin } from "./app/plugin-list.js";
export type { ServeOptions } from "./app/serve-app.js";
export { serve } from "./app/serve-app.js";
export type { AsyncApiDocument } from "./asyncapi/generate-asyncapi.js";
export { Controller } from "./controller/controller.js";
export type { BodyOptions } from "./decorators/bindings.js";
export { Body, Cookie, Header, Param, Query, Req, RequestValue } from "./decorators/bindings.js";
export { BodyLimit } from "./decorators/body-limit.js";
export { Deprecated, Description, Hidden, OperationId, Summary, Tags } from "./decorators/docs.js";
export { Inject } from "./decorators/inject.js";
export type { InjectableOptions } from "./decorators/injectable.js";
export { Injectable } from "./decorators/injectable.js";
export { Module } from "./decorators/module.js";
export { Produces } from "./decorators/produces.js";
export type { ResponseHeaderOptions, ReturnsOptions } from "./decorators/returns.js";
export { Returns } from "./decorators/returns.js";
export { Route } from "./decorators/route.js";
export { Public, Security } from "./decorators/security.js";
export { SendUndeclared } from "./decorators/send-undeclared.js";
export type { SseOptions } from "./decorators/sse.js";
export { Sse } from "./decorators/sse.js";
export { Timeout } from "./decorators/timeout.js";
export { UseGuards } from "./decorators/use-guards.js";
export { UseInterceptors } from "./decorators/use-interceptors.js";
export { UseMiddleware } from "./decorators/use-middleware.js";
export { ValidateResponse } from "./decorators/validate-response.js";
export { Delete, Get, Head, Options, Patch, Post, Put } from "./decorators/verbs.js";
export { Version } from "./decorators/version.js";
export type { AppStatus } from "./di/built-in-tokens.js";
export { AppState, REQUEST } from "./di/built-in-tokens.js";
export type { InjectionToken, ProviderScope } from "./di/injection-metadata.js";
export type { OnInit, OnShutdown } from "./di/lifecycle-hooks.js";
export type { ModuleInfo } from "./di/module-graph.js";
export type { ModuleDefinition } from "./di/module-metadata.js";
export type { Provider } from "./di/provider.js";
export { Topics } from "./di/topics.js";
export { WebSocketPublisher } from "./di/websocket-publisher.js";
export type { DocsPlugin } from "./docs/docs-plugin.js";
export { EngineUnavailableError, isEngineUnavailable } from "./errors/engine-unavailable.js";
export type { ConfigErrorCode } from "./errors/error-codes.js";
export type {
  HeadersInput,
  HttpExceptionOptions,
  InputLocation,
  ProblemDetails,
  ProblemIssue,
} from "./errors/http-exception.js";
export { HttpException } from "./errors/http-exception.js";
export {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  InternalServerErrorException,
  MethodNotAllowedException,
  NotAcceptableException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  TooManyRequestsException,
  UnauthorizedException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from "./errors/http-exceptions.js";
export type { LogFields, Logger, StructuredLogger } from "./errors/logger.js";
export { TrellisConfigError } from "./errors/trellis-config-error.js";
export { mediaTypeFromSignature } from "./http/media-signature.js";
export { getPrincipal, type Principal, setPrincipal } from "./http/principal.js";
export { getRequestId, type RequestIdOptions } from "./http/request-id.js";
export { getRequestLogger, type RequestLogger } from "./observability/request-logger.js";
export type { OpenApiDocument, OpenApiOptions } from "./openapi/openapi-options.js";
export { serializeDocument } from "./openapi/serialize-document.js";
export type { DeprecatedOptions } from "./operation/deprecation-policy.js";
export type { VersioningOptions } from "./operation/versioning-options.js";
export type { WebLink } from "./pagination/link-header.js";
export { linkHeader } from "./pagination/link-header.js";
export type { CursorLinkOptions, PageLinkOptions, PageUrl } from "./pagination/page-links.js";
export { cursorLinks, pageLinkHeader, pageLinks } from "./pagination/page-links.js";
export type { CorsOptions, CorsOrigin } from "./pipeline/cors.js";
export { cors } from "./pipeline/cors.js";
export type { ErrorContext, ErrorFormatter, FormattedError } from "./pipeline/error-formatter.js";
export type { ExecutionContext } from "./pipeline/execution-context.js";
export type { CanActivate, Guard, GuardFunction, GuardResult } from "./pipeline/guard.js";
export type {
  CallHandler,
  Interceptor,
  InterceptorFunction,
  InterceptorItem,
} from "./pipeline/interceptor.js";
export type { Middleware } from "./pipeline/middleware.js";
export type { RequestContext } from "./pipeline/request-context.js";
export { getRequestContext } from "./pipeline/request-context.js";
export { getRequestSignal } from "./pipeline/request-deadline.js";
export type { ResponseValidation } from "./pipeline/response-validation.js";
export type {
  FollowOptions,
  ResyncEvent,
  TopicEvent,
  TopicStream,
} from "./pubsub/follow-topic.js";
export type { InProcessPubSubOptions } from "./pubsub/in-process-pubsub.js";
export { inProcessPubSub } from "./pubsub/in-process-pubsub.js";
export type { PubSub, PubSubListener, PubSubMessage } from "./pubsub/pubsub.js";
export type { SseEvent } from "./route/event-stream.js";
export type { Infer, SchemaInput } from "./schema/infer.js";
export { type DiskSinkOptions, diskSink } from "./uploads/disk-sink.js";
export type { MultipartLimits } from "./uploads/form-plan.js";
export { type MemorySinkOptions, memorySink } from "./uploads/memory-sink.js";
export { StoredFile, type StoredLocation } from "./uploads/stored-file.js";
export { unsupportedVersionType } from "./versioning/unsupported-version.js";
export { WebSocketConnection } from "./websocket/websocket-connection.js";
export type { WebSocketRouteOptions } from "./websocket/websocket-decorators.js";
export {
  OnBinary,
  OnClose,
  OnDrain,
  OnMessage,
  OnOpen,
  Sends,
  WebSocketRoute,
} from "./websocket/websocket-decorators.js";
export type { WebSocketOptions } from "./websocket/websocket-options.js";
