import { HttpException } from "../errors/http-exception.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";

/** The answer to a request that arrives before the app is ready: 503, retry in a second. */
export function notReady(respondError: ErrorResponder, request: Request, operation: Operation) {
  return respondError(
    new HttpException(503, "The service is starting; retry shortly.", {
      headers: { "retry-after": "1" },
    }),
    request,
    operation,
  );
}
