// Baseline: Bun.serve's route map with hand-written parsing and validation, no framework.
// The same checks as the schemas of the other targets, written the way a careful hand-written
// server would: no schema library, no per-request allocation beyond what the answer needs.
// The routes are in shared/raw-routes.ts; the body is read with the runtime's `req.json()`.
// Reviewed in README.md ("The raw baseline").
import { badRequest, problem, serveRaw } from "./shared/raw-routes.js";

/** The JSON body of a request, or the 415/400 to answer instead. */
async function readJson(req: Request): Promise<{ body: unknown } | Response> {
  const type = req.headers.get("content-type");
  if (type === null || !type.startsWith("application/json")) {
    return problem(415, "Unsupported Media Type", "Expected application/json");
  }
  try {
    return { body: await req.json() };
  } catch {
    return badRequest("Malformed JSON");
  }
}

serveRaw("raw", readJson);
