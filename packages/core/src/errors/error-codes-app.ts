/**
 * The startup errors of createApp's and buildDocument's own options, with their templates. Each
 * option with a mistake of its own has its own code; `INVALID_OPTION` is left for the plain type
 * checks of the options that need nothing more.
 */
export const appErrorCodes = {
  MISSING_SCHEMA_ADAPTER: {
    meaning: "createApp (or buildDocument) was given no options object, or no `schema` adapter",
    message: "%s needs %s.",
  },
  MISSING_CONTROLLERS: {
    meaning: "createApp needs at least one controller class",
    message: "%s needs `controllers`%s.",
  },
  NOT_A_CONTROLLER: {
    meaning: "a value in `controllers` is not a class",
    message: "controllers contains %s, not a controller class.",
  },
  INVALID_FEATURE: {
    meaning: "`plugins` lists one route feature twice",
    message: '%s: plugins list the route feature "%s" twice; list each once.',
  },
  INVALID_OPTION: {
    meaning:
      "an option of createApp or buildDocument that needs only a type check (limits.bodyEncodings, errorFormatter, logger, requestContext, sendUndeclared, security, or a list such as guards, providers or imports) has the wrong type",
    message: "%s: %s must be %s.",
  },
  OPTION_MOVED: {
    meaning:
      "createApp or buildDocument is given an option of an earlier version that moved (rateLimit and idempotency became route features; features and telemetry went into plugins, bodyEncodings into limits)",
    message: "%s: the %s option moved: %s.",
  },
  INVALID_REQUEST_ID: {
    meaning: "createApp's `requestId` is not a boolean or { header?, generate?, trust? }",
    message:
      "createApp: requestId must be a boolean or { header?: a header name, generate?: () => string, trust?: boolean }, not %s.",
  },
  INVALID_OPENAPI_OPTION: {
    meaning:
      "`openapi.version`, `openapi.undeclaredResponses` or `openapi.security` has a value the document generator does not know",
    message: "%s: openapi.%s %s.",
  },
  INVALID_TELEMETRY: {
    meaning:
      "the observer createApp's `plugins` lists (an object with observe(context), such as openTelemetry() of @trellis/otel) gave no observer",
    message:
      "createApp: the observer in plugins must be one such as openTelemetry() of @trellis/otel (an object with observe(context) returning request() and route()), not %s.",
  },
  INVALID_PUBSUB: {
    meaning: "createApp's `pubsub` does not implement the PubSub contract",
    message:
      "createApp: pubsub must implement the PubSub contract (inProcessPubSub(), redisPubSub(), postgresPubSub(), ...); it lacks %s.",
  },
  INVALID_PUBSUB_OPTION: {
    meaning:
      "an option of inProcessPubSub, redisPubSub or postgresPubSub has the wrong type or value",
    message: "%s is %s: it must be %s.",
  },
  INVALID_WEBSOCKET_OPTION: {
    meaning:
      "createApp's `websocket` is not an object, or its backpressureLimit, closeOnBackpressureLimit or perMessageDeflate has the wrong type",
    message: "createApp: websocket%s must be %s.",
  },
  INVALID_CORS_OPTION: {
    meaning: "an option given to cors() has the wrong type or value",
    message: "cors: %s.",
  },
  NOT_AN_APP: {
    meaning: "serve() was given something createApp did not make",
    message: "serve: the app was not made by createApp; pass what createApp returned.",
  },
} as const;
