// raw (shared/raw-routes.ts) with one change: the JSON body is read by Trellis's own body reader
// instead of `req.json()` (core's request/read-body.ts, which core does not export: imported from
// its source by path, so type-checking needs no build). Its checks are the ones every Trellis
// route with a body runs: the size by Content-Length and as read, the content coding, the media
// type, strict UTF-8, then prototype keys and depth after parsing. S2 here minus raw's S2 is those
// checks' own cost.
import { type BodyPlan, finishBody, startBody } from "@trellis/core/internal";
import { problem, serveRaw } from "./shared/raw-routes.js";

// What core plans for a JSON body with its defaults: 1 MiB, required, no content codings.
const PLAN: BodyPlan = { contentType: "application/json", limit: 1024 * 1024, required: true };

/** A refused body as the problem core would answer (status and detail of its exception). */
function refused(error: unknown): Response {
  const { status, title, detail } = error as { status?: number; title?: string; detail?: string };
  if (typeof status !== "number")
    return problem(400, "Bad Request", "The request body could not be read.");
  return problem(status, title ?? "Bad Request", detail ?? "");
}

/** The body as core's route reads it (route/reading-body.ts): start, await once, finish. */
async function readJson(req: Request): Promise<{ body: unknown } | Response> {
  try {
    const pending = startBody(req, PLAN);
    if (pending === undefined) return { body: undefined };
    const body = finishBody(await pending, req, PLAN);
    return { body: body instanceof Promise ? await body : body };
  } catch (error) {
    return refused(error);
  }
}

serveRaw("raw-body-checks", readJson);
