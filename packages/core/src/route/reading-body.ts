import type { RouteHandler } from "../http/route-handler.js";
import type { BodyBinding, Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { UploadStorageError } from "../request/multipart-limits.js";
import {
  type BodyContent,
  type BodyPlan,
  bodyReadFailure,
  finishBody,
  startBody,
} from "../request/read-body.js";
import { StreamedForm } from "../request/streamed-form.js";

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
  // A multipart body with declared sinks streams by its plan, made when operations were built.
  const form = operation.bindings.find(
    (binding): binding is BodyBinding => binding.kind === "body",
  )?.form;
  const plan: BodyPlan = form === undefined ? bodyPlan : { ...bodyPlan, form };
  return async (request, params, decoded) => {
    let body: unknown;
    let streamed: StreamedForm | undefined;
    try {
      const pending = startBody(request, plan);
      if (pending !== undefined) {
        let content: BodyContent;
        try {
          content = await pending;
        } catch (error) {
          // A sink that could not store a file is the server's fault (a 500, logged), not the client's.
          throw error instanceof UploadStorageError ? error : bodyReadFailure(error);
        }
        if (content instanceof StreamedForm) streamed = content;
        body = finishBody(content, request, plan);
        if (body instanceof Promise) body = await body;
      }
    } catch (error) {
      return respondError(error, request, operation);
    }
    const response = run(request, params, decoded, body);
    // Stored files: removed after an error answer, temporary ones after any answer.
    return streamed === undefined ? response : streamed.settleAfter(response);
  };
}
