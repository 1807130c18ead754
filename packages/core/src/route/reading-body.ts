import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import {
  type BodyContent,
  type BodyPlan,
  bodyReadFailure,
  finishBody,
  startBody,
} from "../request/read-body.js";

/** The route's handler for a route that binds a body: reads it, then runs the rest. */
export function readingBody(
  bodyPlan: BodyPlan,
  run: (
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
    body: unknown,
  ) => Response | Promise<Response>,
  respondError: ErrorResponder,
  operation: Operation,
): RouteHandler {
  return async (request, params, decoded) => {
    let body: unknown;
    try {
      const pending = startBody(request, bodyPlan);
      if (pending !== undefined) {
        let content: BodyContent;
        try {
          content = await pending;
        } catch (error) {
          throw bodyReadFailure(error);
        }
        body = finishBody(content, request, bodyPlan);
        if (body instanceof Promise) body = await body;
      }
    } catch (error) {
      return respondError(error, request, operation);
    }
    return run(request, params, decoded, body);
  };
}
