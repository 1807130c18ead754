/** The startup errors of providers, modules and the pipeline items, with their templates. */
export const providerErrorCodes = {
  MISSING_PROVIDER: {
    meaning: "a constructor dependency has no provider, or no token to find one by",
    message: "%s %s.",
  },
  INVALID_PROVIDER: {
    meaning:
      "a provider is not a class or a valid provider object, or `@Injectable` names an unknown scope",
    message: "%s: %s.",
  },
  DEPENDENCY_CYCLE: {
    meaning: "providers (or a controller, guard or interceptor) depend on each other in a cycle",
    message: "dependency cycle: %s. Break it, for example with a factory provider.",
  },
  PROVIDER_FAILED: {
    meaning: "a provider's constructor or factory threw while the app was created",
    message: "%s threw: %s",
  },
  PROVIDER_NOT_VISIBLE: {
    meaning:
      "a module's controller or provider needs a provider its module neither declares nor imports from a module that exports it",
    message: "%s (in %s) needs %s, which %s provides but %s cannot see: %s.",
  },
  REQUEST_SCOPE_IN_SINGLETON: {
    meaning:
      "a singleton (an explicit singleton provider, a guard or an interceptor) depends on a request-scoped provider",
    message:
      "%s is made once for the app but depends on %s. Drop the singleton scope (it then becomes request-scoped too), or inject something app-wide instead.",
  },
  PROVIDER_INIT_FAILED: {
    meaning:
      "a provider's onInit() threw or rejected (createApp throws it, or app.ready rejects with it)",
    message: "%s.onInit() failed: %s",
  },
  NOT_A_MODULE: {
    meaning: "a value in `imports` is not a class decorated with @Module",
    message: "%s imports[%s] is not a module: got %s. Decorate it with @Module({ ... }).",
  },
  INVALID_MODULE: {
    meaning:
      "a @Module definition is not an object of imports, controllers, providers and exports arrays",
    message: "%s: @Module %s.",
  },
  MODULE_IMPORT_CYCLE: {
    meaning: "modules import each other in a cycle",
    message:
      "modules import each other in a cycle: %s. Move what they share into a module both import.",
  },
  INVALID_MODULE_EXPORT: {
    meaning: "a module exports something it neither provides nor imports",
    message: "%s exports %s. Export only its own providers, or tokens and modules it imports.",
  },
  DUPLICATE_PROVIDER: {
    meaning: "two modules provide the same token",
    message:
      "%s is provided by both %s and %s; provide it in one module, export it there and import that module where it is needed.",
  },
  RESERVED_PROVIDER: {
    meaning:
      "a provider replaces an injectable the app makes itself (AppState, WebSocketPublisher, Topics)",
    message: "%s: providers cannot replace %s: %s.",
  },
  INVALID_GUARD: {
    meaning: "a guard is not a function, a class with canActivate() or an instance of one",
    message:
      "%s: a guard must be a function, a class with canActivate() or an instance of one, got %s.",
  },
  INVALID_INTERCEPTOR: {
    meaning: "an interceptor is not a function, a class with intercept() or an instance of one",
    message:
      "%s: an interceptor must be a function, a class with intercept() or an instance of one, got %s.",
  },
  INVALID_MIDDLEWARE: {
    meaning: "a middleware is not a function (request, next) => Response",
    message: "%s: middleware must be a function (request, next) => Response, got %s.",
  },
} as const;
