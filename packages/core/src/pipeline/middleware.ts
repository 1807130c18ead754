import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "./error-responder.js";

/**
 * Middleware: wraps an answer. `await next()` gives the response of everything inside (an error
 * answer too, as a problem response: it never rejects); return it, changed, or your own.
 */
export type Middleware = (
  request: Request,
  next: () => Promise<Response>,
) => Response | Promise<Response>;

/** Middleware composed once: runs the chain around `inner` for one request. Never rejects. */
export type MiddlewareChain = (
  request: Request,
  inner: () => Response | Promise<Response>,
) => Promise<Response>;

const describe = (middleware: Middleware): string => middleware.name || "anonymous middleware";

/**
 * Composes middleware, outermost first. A throw or a rejection becomes the error response
 * (an `HttpException`'s problem, else a logged 500), and so does a value that is not a
 * `Response`; outer middleware still sees and can decorate that answer. `next()` runs the inner
 * chain once: calling it again gives the same response.
 */
export function composeMiddleware(
  middleware: readonly Middleware[],
  respondError: ErrorResponder,
  operation?: Operation,
): MiddlewareChain {
  const count = middleware.length;
  return (request, inner) => {
    const fail = (error: unknown) => respondError(error, request, operation);
    const step = (index: number): Promise<Response> => {
      if (index === count) {
        try {
          return Promise.resolve(inner()).catch(fail);
        } catch (error) {
          return Promise.resolve(fail(error));
        }
      }
      const current = middleware[index] as Middleware;
      let pending: Promise<Response> | undefined;
      const next = () => {
        pending ??= step(index + 1);
        return pending;
      };
      try {
        return Promise.resolve(current(request, next)).then(
          (response) =>
            response instanceof Response
              ? response
              : fail(
                  new TypeError(`${describe(current)} returned ${typeof response}, not a Response`),
                ),
          fail,
        );
      } catch (error) {
        return Promise.resolve(fail(error));
      }
    };
    return step(0);
  };
}
