import {
  type BodyContent,
  type BodyPlan,
  bodyReadFailure,
  finishBody,
  startBody,
} from "./read-body.js";

const plans = new Map<number, BodyPlan>();

/**
 * Reads a JSON request body as a route does, with the same reader: at most `limit` bytes (a
 * Content-Length over it is refused before reading, a body without one is cancelled the moment it
 * passes it), strict UTF-8, no content coding, at most 64 levels deep and no `__proto__` key.
 * Rejects with the `HttpException` a route would answer: 413, 415 (another media type or a content
 * coding), 400 (missing, unreadable, not JSON, too deep). For code that serves a body outside a
 * route (an app plugin that takes JSON messages reads each with it).
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  let plan = plans.get(limit);
  if (plan === undefined) {
    plan = { contentType: "application/json", limit, required: true };
    plans.set(limit, plan);
  }
  try {
    // A required body: startBody refuses a missing one rather than answering undefined.
    const read = startBody(request, plan) as Promise<BodyContent>;
    return await finishBody(await read, request, plan);
  } catch (error) {
    throw bodyReadFailure(error);
  }
}
