/** The startup errors of controllers, routes and their decorators, with their templates. */
export const routeErrorCodes = {
  INVALID_DECORATOR_TARGET: {
    meaning:
      "a decorator is on a static member, a constructor parameter or a member that is not a method",
    message: "%s: %s; Trellis decorators belong on instance methods and their parameters.",
  },
  INVALID_PATH: {
    meaning: "a route path is not a valid path",
    message: "%s: %s.",
  },
  DUPLICATE_ROUTE: {
    meaning: "two operations (or a WebSocket route and a GET route) share one method and path",
    message: "%s: the same method and path are already served by %s.",
  },
  UNDECLARED_PATH_PARAM: {
    meaning: "a path parameter has no binding or schema property that covers it",
    message: '%s: path parameter ":%s" has no @Param binding or schema property.',
  },
  UNKNOWN_PATH_PARAM: {
    meaning: "a binding or schema names a path parameter the path does not have",
    message: '%s: binds path parameter "%s", which the path does not have.',
  },
  DUPLICATE_BODY: {
    meaning: "a method binds the request body twice",
    message: "%s: @Body is used more than once.",
  },
  CONFLICTING_BINDINGS: {
    meaning: "one handler parameter has two binding decorators",
    message: "%s: parameter %s has two binding decorators.",
  },
  PARAMETER_BOUND_TWICE: {
    meaning: "one path, query, header or cookie parameter is bound by two handler parameters",
    message:
      '%s: %s parameter "%s" is bound by handler parameter %s and again by handler parameter %s; bind it once (a whole-object binding already includes every property of its schema).',
  },
  INVALID_REQUEST_VALUE: {
    meaning: "`@RequestValue(read)` was given something other than a function",
    message: "%s: @RequestValue(read) needs a function (request) => value, got %s.",
  },
  DECORATORS_NOT_ENABLED: {
    meaning:
      "decorators ran the TC39 way: experimentalDecorators is off in the tsconfig.json the runtime reads",
    message: "%s ran the TC39 way, which drops parameter decorators such as @Body and @Param: %s.",
  },
  DECORATOR_METADATA_MISSING: {
    meaning:
      "a binding without a schema needs its reflected type, but emitDecoratorMetadata is off",
    message:
      "%s: %s has no schema and the parameter's type was not emitted (emitDecoratorMetadata is off); pass a schema to %s, or %s.",
  },
  CONTROLLER_WITHOUT_ROUTES: {
    meaning: "a class given as a controller has no method with a verb decorator",
    message:
      "%s is given as a controller but has no routes: no method has a verb decorator (@Get, @Post, ...). If its methods have them, the decorators did not run as Trellis needs: %s.",
  },
  MISSING_VERB_DECORATOR: {
    meaning: "a method has binding or documentation decorators but no verb decorator",
    message: "%s: has Trellis decorators but no verb decorator (@Get, @Post, ...).",
  },
  UNSUPPORTED_SCHEMA: {
    meaning:
      "the adapter does not recognise, compile or describe a schema, or a `@Returns` array type does not hold exactly one schema",
    message: "%s: %s.",
  },
  MISSING_JSON_SCHEMA: {
    meaning:
      "a Standard Schema validator does not implement Standard JSON Schema, which the document needs",
    message: "%s: %s.",
  },
  UNSUPPORTED_PARAMETER_TYPE: {
    meaning: "a named binding has no schema and a reflected type that cannot be coerced",
    message:
      '%s: "%s" has no schema and its reflected type (%s) is not string, number, boolean or string[]; pass a schema as the second argument.',
  },
  INVALID_BODY_CONTENT_TYPE: {
    meaning: "a body binding names a media type Trellis cannot read",
    message: "%s: @Body content type %s is not one of %s.",
  },
  INVALID_STATUS: {
    meaning: "a declared status code is not a valid HTTP status",
    message: "%s: @Returns %s.",
  },
  INVALID_LIMIT: {
    meaning: "a size limit is not a positive integer",
    message: "%s is %s: it must be %s.",
  },
  INVALID_DURATION: {
    meaning:
      "a duration (a timeout, keepAlive, graceMs, drainMs or idleTimeout) is not a whole number within the range its timer can honour",
    message: "%s is %s: it must be a whole number of %s from %s to %s%s.",
  },
} as const;
