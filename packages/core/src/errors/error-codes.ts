/**
 * Every startup error code, with what it means. One registry, so docs and code cannot drift
 * (docs/errors.md lists the same codes; a test compares them).
 */
export const configErrorCodes = {
  MISSING_SCHEMA_ADAPTER:
    "createApp (or buildDocument) was given no options object, or no `schema` adapter",
  MISSING_CONTROLLERS: "createApp needs at least one controller class",
  NOT_A_CONTROLLER: "a value in `controllers` is not a class",
  INVALID_FEATURE: "`features` is not an array of route features, or lists one feature twice",
  INVALID_OPTION:
    "an option of createApp, buildDocument, serve, app.close or cors has the wrong type or value",
  INVALID_PUBSUB_OPTION:
    "an option of inProcessPubSub, redisPubSub or postgresPubSub has the wrong type or value",
  INVALID_DECORATOR_TARGET:
    "a decorator is on a static member, a constructor parameter or a member that is not a method",
  INVALID_PATH: "a route path is not a valid path",
  DUPLICATE_ROUTE:
    "two operations (or a WebSocket route and a GET route) share one method and path",
  UNDECLARED_PATH_PARAM: "a path parameter has no binding or schema property that covers it",
  UNKNOWN_PATH_PARAM: "a binding or schema names a path parameter the path does not have",
  DUPLICATE_BODY: "a method binds the request body twice",
  CONFLICTING_BINDINGS: "one handler parameter has two binding decorators",
  PARAMETER_BOUND_TWICE:
    "one path, query, header or cookie parameter is bound by two handler parameters",
  INVALID_REQUEST_VALUE: "`@RequestValue(read)` was given something other than a function",
  DECORATORS_NOT_ENABLED:
    "decorators ran the TC39 way: experimentalDecorators is off in the tsconfig.json the runtime reads",
  DECORATOR_METADATA_MISSING:
    "a binding without a schema needs its reflected type, but emitDecoratorMetadata is off",
  CONTROLLER_WITHOUT_ROUTES: "a class given as a controller has no method with a verb decorator",
  MISSING_VERB_DECORATOR: "a method has binding or documentation decorators but no verb decorator",
  UNSUPPORTED_SCHEMA:
    "the adapter does not recognise, compile or describe a schema, or a `@Returns` array type does not hold exactly one schema",
  MISSING_JSON_SCHEMA:
    "a Standard Schema validator does not implement Standard JSON Schema, which the document needs",
  UNSUPPORTED_PARAMETER_TYPE:
    "a named binding has no schema and a reflected type that cannot be coerced",
  INVALID_BODY_CONTENT_TYPE: "a body binding names a media type Trellis cannot read",
  INVALID_STATUS: "a declared status code is not a valid HTTP status",
  INVALID_LIMIT: "a size limit is not a positive integer",
  INVALID_DURATION:
    "a duration (a timeout, keepAlive, graceMs, drainMs or idleTimeout) is not a whole number within the range its timer can honour",
  SCHEMA_NAME_COLLISION:
    "two different schemas were given the same component name, or a model took a name Trellis reserves for its error schemas",
  INVALID_SCHEMA_NAME: "a component name is not allowed in OpenAPI",
  DUPLICATE_OPERATION_ID: "two operations share one operationId (explicit or generated)",
  UNDECLARED_SUCCESS_RESPONSE:
    'an operation has no 2xx `@Returns` and `openapi.undeclaredResponses` is `"error"`',
  UNDECLARED_SECURITY_SCHEME:
    "an operation, a WebSocket route or `openapi.security` uses a security scheme that `openapi.securitySchemes` does not declare",
  UNGUARDED_SECURITY_SCHEME:
    "a security scheme is used but `security` gives no runtime check for it",
  UNKNOWN_SECURITY_SCHEME:
    "a key of createApp's `security` names a scheme that `openapi.securitySchemes` does not declare",
  MISSING_PROVIDER: "a constructor dependency has no provider, or no token to find one by",
  INVALID_PROVIDER:
    "a provider is not a class or a valid provider object, or `@Injectable` names an unknown scope",
  DEPENDENCY_CYCLE:
    "providers (or a controller, guard or interceptor) depend on each other in a cycle",
  PROVIDER_FAILED: "a provider's constructor or factory threw while the app was created",
  PROVIDER_NOT_VISIBLE:
    "a module's controller or provider needs a provider its module neither declares nor imports from a module that exports it",
  REQUEST_SCOPE_IN_SINGLETON:
    "a singleton (an explicit singleton provider, a guard or an interceptor) depends on a request-scoped provider",
  PROVIDER_INIT_FAILED:
    "a provider's onInit() threw or rejected (createApp throws it, or app.ready rejects with it)",
  NOT_A_MODULE: "a value in `imports` is not a class decorated with @Module",
  INVALID_MODULE:
    "a @Module definition is not an object of imports, controllers, providers and exports arrays",
  MODULE_IMPORT_CYCLE: "modules import each other in a cycle",
  INVALID_MODULE_EXPORT: "a module exports something it neither provides nor imports",
  DUPLICATE_PROVIDER: "two modules provide the same token",
  RESERVED_PROVIDER:
    "a provider replaces an injectable the app makes itself (AppState, WebSocketPublisher, Topics)",
  INVALID_GUARD: "a guard is not a function, a class with canActivate() or an instance of one",
  INVALID_INTERCEPTOR:
    "an interceptor is not a function, a class with intercept() or an instance of one",
  INVALID_MIDDLEWARE: "a middleware is not a function (request, next) => Response",
  CORS_CREDENTIALS_ANY_ORIGIN: "cors() allows credentials without naming the allowed origins",
  REQUEST_CONTEXT_DISABLED:
    "getRequestContext() was called but no app was created with { requestContext: true }",
  NO_REQUEST_CONTEXT: "getRequestContext() was called outside a request of an app that enables it",
  DOCS_PLUGIN_MISSING:
    "a docs page is on (docs.swagger, docs.moduleGraph) but its package is not installed, cannot be loaded or does not give its plugin",
  DOCS_ROUTE_CONFLICT: "a docs route collides with an application route",
  INVALID_DOCS_OPTIONS:
    "docs.swagger, an option given to swaggerUi(), or a route a docs plugin returns, is not valid",
  INVALID_PLUGIN:
    "`plugins` is not a list of app plugins with distinct names, or a plugin's mount threw, returned a bad route or read too early",
  PLUGIN_ROUTE_CONFLICT:
    "an app plugin's route has the path of an application route or of an earlier plugin's",
  OPENAPI_FILE_FAILED: "openapi.file does not end in .json, .yaml or .yml, or could not be written",
  UNRESOLVED_SCHEMA_REF:
    "a schema references a component that no adapter declared, or has a reference other than #/components/schemas/Name",
  YAML_UNAVAILABLE: "YAML output needs the Bun runtime (Bun.YAML)",
  INVALID_WEBSOCKET_ROUTE:
    "a @WebSocketRoute class breaks a rule of its handlers, message types or bindings (the message says which)",
  INVALID_MEDIA_TYPE:
    "`@Produces` names no media type, one that is not a concrete media type (a wildcard), or one twice",
  SSE_WITH_OTHER_VERB: "`@Sse` is on a method that has another verb decorator",
  SSE_WITH_PRODUCES:
    "`@Sse` and `@Produces` are on one method (an event stream produces text/event-stream)",
  INVALID_SSE_OPTIONS: "the options of `@Sse` are not an object of known options (keepAlive)",
  INVALID_OPERATION_ID: "`@OperationId` is given something other than a non-empty string",
  INVALID_SECURITY_REQUIREMENT:
    "`@Security` has no scheme name, or scopes that are not an array of strings",
  INVALID_RESPONSE_OPTIONS:
    "the third argument of `@Returns` is not a description or a valid { description, headers, example } object",
  INVALID_RESPONSE_VALIDATION:
    "`@ValidateResponse` is given something other than true, false or { strip: boolean }",
  INVALID_VERSION:
    '`@Version` or versioning.default is not 1 to 32 letters, digits, ".", "-" or "_", or starts with "v" and a digit',
  INVALID_VERSIONING:
    'the `versioning` option is not { strategy?, header?, default? } with strategy "uri" or "header" and a valid header name',
  INVALID_DEPRECATION:
    "`@Deprecated` has an unknown option, a date that is not a Date or ISO 8601 string, a sunset before since, or a bad link",
  INVALID_UPLOADS:
    "`@Body` declares uploads or multipart limits on a body that is not multipart/form-data, or an uploads value is not a sink",
  MCP_PLUGIN_MISSING:
    "the `mcp` option is set but @trellis/mcp is not installed, cannot be loaded or does not give mcpServer()",
  INVALID_MCP_OPTIONS:
    "the `mcp` option or an `@McpTool` is not valid, `mcp.path` is a route already, `@McpTool` is on an upload, or `mcp.authorization` names no bearer check or a resource its audience lacks",
  INVALID_MCP_TOOL_NAME:
    'an MCP tool name (the operationId or `@McpTool` name) is not 1 to 128 of A-Z, a-z, 0-9, "_", "-", "."',
  DUPLICATE_MCP_TOOL: "two operations would be MCP tools of one name",
  MCP_ARGUMENT_CONFLICT:
    "two inputs of one operation (path, query, header, cookie parameters, the body) would be one MCP tool argument",
} as const;

/**
 * The codes feature packages add, by declaration merging, each with what it means (their README
 * lists them): `declare module "@trellis/core" { interface FeatureErrorCodes { MY_CODE: "..." } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by feature packages through merging.
export interface FeatureErrorCodes {}

/** A stable code carried by every `TrellisConfigError`: core's own or a feature package's. */
export type ConfigErrorCode = keyof typeof configErrorCodes | keyof FeatureErrorCodes;
