// Baseline: Bun.serve's route map with hand-written parsing and validation, no framework.
import { hostname, port, ready } from "./shared/listen.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;

function badRequest(detail: string): Response {
  return Response.json(
    { type: "about:blank", title: "Bad Request", status: 400, detail },
    { status: 400, headers: { "content-type": "application/problem+json" } },
  );
}

/** Decimal integer in [min, max], or undefined for anything else (missing, "", "1.5", "0x10"). */
function intInRange(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !DECIMAL.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

Bun.serve({
  port,
  hostname,
  routes: {
    "/users/:id": {
      GET: (req) => Response.json(findUser(req.params.id)),
    },
    "/users": {
      GET: (req) => {
        const query = new URL(req.url).searchParams;
        const page = intInRange(query.get("page"), 1, Number.MAX_SAFE_INTEGER);
        const limit = intInRange(query.get("limit"), 1, 100);
        if (page === undefined || limit === undefined) return badRequest("Invalid query");
        return Response.json(listUsers(page, limit));
      },
      POST: async (req) => {
        const type = req.headers.get("content-type");
        if (type === null || !type.startsWith("application/json")) {
          return Response.json({ status: 415 }, { status: 415 });
        }
        let body: unknown;
        try {
          body = await req.json();
        } catch {
          return badRequest("Malformed JSON");
        }
        if (typeof body !== "object" || body === null || Array.isArray(body)) {
          return badRequest("Body must be an object");
        }
        const { name, email } = body as Record<string, unknown>;
        if (typeof name !== "string" || name.length < 1) return badRequest("Invalid name");
        if (typeof email !== "string" || !EMAIL.test(email)) return badRequest("Invalid email");
        return Response.json(createUser({ name, email }), { status: 201 });
      },
    },
  },
  fetch: () => new Response("Not Found", { status: 404 }),
});

ready("raw");
