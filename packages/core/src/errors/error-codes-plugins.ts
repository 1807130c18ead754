/** The startup errors of cors, the request context, docs, plugins, WebSockets, and decorators. */
export const pluginErrorCodes = {
  CORS_CREDENTIALS_ANY_ORIGIN: {
    meaning: "cors() allows credentials without naming the allowed origins",
    message:
      'cors: credentials: true needs the allowed origins named (origin: ["https://app.example.com"], or a function); "*", the default, would trust every site with the user\'s cookies.',
  },
  REQUEST_CONTEXT_DISABLED: {
    meaning: "getRequestContext() was called but no app was created with { requestContext: true }",
    message:
      "getRequestContext() needs an app created with createApp({ requestContext: true }); no app enables it.",
  },
  NO_REQUEST_CONTEXT: {
    meaning: "getRequestContext() was called outside a request of an app that enables it",
    message:
      "getRequestContext() was called outside a request, or in a request of an app created without { requestContext: true }.",
  },
  DOCS_PLUGIN_MISSING: {
    meaning:
      "a docs page is on (docs.swagger, docs.moduleGraph) but its package is not installed, cannot be loaded or does not give its plugin",
    message: "%s %s. %s.",
  },
  DOCS_ROUTE_CONFLICT: {
    meaning: "a docs route collides with an application route",
    message:
      'docs plugin "%s" serves %s, which an application route already uses; move the docs (docs.swagger.path) or the route.',
  },
  INVALID_DOCS_OPTIONS: {
    meaning:
      "docs.swagger, an option given to swaggerUi(), or a route a docs plugin returns, is not valid",
    message: "%s: %s",
  },
  INVALID_PLUGIN: {
    meaning:
      "`plugins` is not a list of route features, app plugins with distinct names and at most one observer, or an app plugin's mount threw, returned a bad route or read too early",
    message: "%s %s",
  },
  PLUGIN_ROUTE_CONFLICT: {
    meaning: "an app plugin's route has the path of an application route or of an earlier plugin's",
    message: 'app plugin "%s" serves %s, which a route of the app already uses; move one of them.',
  },
  OPENAPI_FILE_FAILED: {
    meaning: "openapi.file does not end in .json, .yaml or .yml, or could not be written",
    message: 'openapi.file "%s" %s.',
  },
  UNRESOLVED_SCHEMA_REF: {
    meaning:
      "a schema references a component that no adapter declared, or has a reference other than #/components/schemas/Name",
    message: "The schema of %s %s.",
  },
  YAML_UNAVAILABLE: {
    meaning: "YAML output needs the Bun runtime (Bun.YAML)",
    message:
      "Writing the OpenAPI document as YAML needs the Bun runtime (Bun.YAML); use JSON elsewhere.",
  },
  INVALID_WEBSOCKET_ROUTE: {
    meaning:
      "a @WebSocketRoute class breaks a rule of its handlers, message types or bindings (the message says which)",
    message: "%s: %s",
  },
  INVALID_MEDIA_TYPE: {
    meaning:
      "`@Produces` names no media type, one that is not a concrete media type (a wildcard), or one twice",
    message: "%s: @Produces %s.",
  },
  SSE_WITH_OTHER_VERB: {
    meaning: "`@Sse` is on a method that has another verb decorator",
    message: "%s: @Sse declares the route's one GET; remove the other verb decorators.",
  },
  SSE_WITH_PRODUCES: {
    meaning:
      "`@Sse` and `@Produces` are on one method (an event stream produces text/event-stream)",
    message: "%s: @Sse routes produce %s; remove @Produces.",
  },
  INVALID_SSE_OPTIONS: {
    meaning: "the options of `@Sse` are not an object of known options (keepAlive)",
    message: "%s: @Sse %s.",
  },
  INVALID_OPERATION_ID: {
    meaning: "`@OperationId` is given something other than a non-empty string",
    message: "%s: @OperationId needs a non-empty string.",
  },
  INVALID_SECURITY_REQUIREMENT: {
    meaning: "`@Security` has no scheme name, or scopes that are not an array of strings",
    message: "%s: @Security %s.",
  },
  INVALID_RESPONSE_OPTIONS: {
    meaning:
      "the third argument of `@Returns` is not a description or a valid { description, headers, example } object",
    message: "%s: %s",
  },
  INVALID_RESPONSE_VALIDATION: {
    meaning:
      "`@ValidateResponse` or createApp's `validateResponse` is given something other than true, false or { strip: boolean }",
    message: "%s: response validation must be true, false or { strip: boolean }.",
  },
  INVALID_VERSION: {
    meaning:
      '`@Version` or versioning.default is not 1 to 32 letters, digits, ".", "-" or "_", or starts with "v" and a digit, or a document is asked for a version the app does not have',
    message: "%s: %s.",
  },
  INVALID_VERSIONING: {
    meaning:
      'the `versioning` option is not { strategy?, header?, default? } with strategy "uri" or "header" and a valid header name',
    message: "%s: versioning %s",
  },
  INVALID_DEPRECATION: {
    meaning:
      "`@Deprecated` has an unknown option, a date that is not a Date or ISO 8601 string, a sunset before since, or a bad link",
    message: "%s: @Deprecated %s",
  },
  INVALID_UPLOADS: {
    meaning:
      "`@Body` declares uploads or multipart limits on a body that is not multipart/form-data, or an uploads value is not a sink",
    message: "%s: @Body %s.",
  },
} as const;
