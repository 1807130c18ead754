import type { RouteRuntimeMetadata } from "../operation/build-operations.js";
import { checkGuard, checkInterceptor, checkMiddleware } from "./check-pipeline-items.js";
import type { Guard } from "./guard.js";
import type { InterceptorItem } from "./interceptor.js";
import type { Middleware } from "./middleware.js";
import { parseResponseValidation, type ResponseValidationMode } from "./response-validation.js";

/**
 * What one route runs besides its handler, as its decorators declared it (class items first,
 * then the method's), checked when the metadata is read. The app's global items are not here.
 */
export interface RouteConfig {
  readonly guards: readonly Guard[];
  readonly interceptors: readonly InterceptorItem[];
  readonly middleware: readonly Middleware[];
  /** `@ValidateResponse` of the method, else of the class; undefined defers to the app's. */
  readonly validateResponse: ResponseValidationMode | undefined;
  /** `@SendUndeclared` of the method, else of the class; undefined defers to the app's. */
  readonly sendUndeclared: boolean | undefined;
}

const none: readonly never[] = Object.freeze([]);

// Most routes declare no items: they share one empty list instead of mapping one.
const checked = <T>(items: readonly unknown[], check: (item: unknown) => T): readonly T[] =>
  items.length === 0 ? none : items.map(check);

/** Reads one route's pipeline metadata into its typed config; `where` is `Class.method`. */
export function readRouteConfig(raw: RouteRuntimeMetadata, where: string): RouteConfig {
  return {
    guards: checked(raw.guards, (item) => checkGuard(item, `${where} @UseGuards`)),
    interceptors: checked(raw.interceptors, (item) =>
      checkInterceptor(item, `${where} @UseInterceptors`),
    ),
    middleware: checked(raw.middleware, (item) => checkMiddleware(item, `${where} @UseMiddleware`)),
    validateResponse:
      raw.validateResponse === undefined
        ? undefined
        : parseResponseValidation(raw.validateResponse, `${where} (@ValidateResponse)`),
    sendUndeclared: raw.sendUndeclared,
  };
}
