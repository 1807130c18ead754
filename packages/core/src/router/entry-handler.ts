import { BadRequestException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import type { RouteHandler, ServeHandler } from "../http/route-handler.js";
import { pathOf } from "../http/url-parts.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";

const notThisRoute = () =>
  withoutStack(
    () => new BadRequestException("The request path is not one of this operation's paths."),
  );

/**
 * One route's handler called without matching any other: the request's path is read against this
 * entry's template alone, segment by segment (literal segments equal, each parameter one non-empty
 * segment, never `.` or `..`), and anything else is a 400. A request built for one operation (an
 * MCP tool call) thus runs that operation or none: a path that spells another route's URL (a
 * static `/files/secret` beside `/files/:name`) cannot reach it.
 */
export function entryHandler(
  entry: { readonly path: string; readonly handler: RouteHandler },
  respondError: ErrorResponder,
): ServeHandler {
  const template = entry.path === "/" ? [""] : entry.path.split("/");
  const { handler } = entry;
  return (request) => {
    const segments = pathOf(request.url).split("/");
    if (template.length === 1 && segments.length === 2 && segments[1] === "") segments.pop();
    if (segments.length !== template.length) return respondError(notThisRoute(), request);
    const params: string[] = [];
    for (let at = 0; at < template.length; at++) {
      const expected = template[at] as string;
      const segment = segments[at] as string;
      if (!expected.startsWith(":")) {
        if (segment !== expected) return respondError(notThisRoute(), request);
        continue;
      }
      if (segment === "" || segment === "." || segment === "..") {
        return respondError(notThisRoute(), request);
      }
      params.push(segment);
    }
    try {
      return handler(request, params.length === 0 ? undefined : params);
    } catch (error) {
      return respondError(error, request);
    }
  };
}
