// Elysia with its own TypeBox schemas (`t`), written the way its users write it: no response
// schemas (its fastest honest version), its own normalization to strip unknown properties, and
// validation failures mapped to the benchmark's 400 problem+json (Elysia answers 422 by default).
import { Elysia, t } from "elysia";
import { AccountService, CURRENCIES, S4_TOKEN, TENANT_PATTERN } from "./shared/accounts.js";
import { hostname, port, ready } from "./shared/listen.js";
import { createOrder } from "./shared/orders.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

const PROBLEM = { "content-type": "application/problem+json" };

const problem = (status: number, title: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ type: "about:blank", title, status, ...extra }), {
    status,
    headers: PROBLEM,
  });

const ListQuery = t.Object({
  page: t.Integer({ minimum: 1 }),
  limit: t.Integer({ minimum: 1, maximum: 100 }),
});

const OrderItem = t.Object({
  sku: t.String({ minLength: 1, maxLength: 32 }),
  name: t.String({ minLength: 1, maxLength: 200 }),
  quantity: t.Integer({ minimum: 1, maximum: 1000 }),
  price: t.Number({ minimum: 0 }),
  tags: t.Array(t.String(), { maxItems: 10 }),
});

const CreateOrder = t.Object({
  customer: t.Object({
    id: t.String({ minLength: 1 }),
    name: t.String({ minLength: 1 }),
    email: t.String({ format: "email" }),
  }),
  items: t.Array(OrderItem, { minItems: 1, maxItems: 1000 }),
  note: t.Optional(t.String({ maxLength: 500 })),
});

// S4's guard: a plugin users would write. `derive` runs in Elysia's transform phase, before
// input validation, so a wrong token is 401 even when the header or query is also invalid.
const bearer = new Elysia({ name: "bearer" }).derive({ as: "scoped" }, ({ headers }) => {
  if (headers.authorization !== `Bearer ${S4_TOKEN}`) {
    throw problem(401, "Unauthorized");
  }
  return {};
});

new Elysia()
  .onError(({ code, error }) => {
    // A thrown Response (the guard's 401) is sent as it is.
    if (error instanceof Response) return error;
    if (code === "VALIDATION") {
      const errors = error.all.map((issue) => ({
        in: error.type,
        path: "path" in issue ? issue.path : "",
        message: issue.summary ?? issue.message,
      }));
      return problem(400, "Bad Request", { detail: "Request validation failed", errors });
    }
    if (code === "PARSE") return problem(400, "Bad Request", { detail: "Malformed body" });
  })
  .decorate("accounts", new AccountService())
  .get("/users/:id", ({ params }) => findUser(params.id), {
    params: t.Object({ id: t.String() }),
  })
  // Scalar twin: Elysia's params are always one object; without a schema every value is a string.
  .get("/scalar/users/:id", ({ params: { id } }) => findUser(id))
  .post("/users", ({ body, status }) => status(201, createUser(body)), {
    body: t.Object({ name: t.String({ minLength: 1 }), email: t.String({ format: "email" }) }),
  })
  .get("/users", ({ query }) => listUsers(query.page, query.limit), { query: ListQuery })
  // Scalar twin: Elysia validates the query as one object only; the same schema is the closest.
  .get("/scalar/users", ({ query: { page, limit } }) => listUsers(page, limit), {
    query: ListQuery,
  })
  .post("/orders", ({ body, status }) => status(201, createOrder(body)), { body: CreateOrder })
  .use(bearer)
  .get(
    "/accounts/summary",
    ({ headers, query, accounts }) => accounts.summary(headers["x-tenant-id"], query.currency),
    {
      headers: t.Object({ "x-tenant-id": t.String({ pattern: TENANT_PATTERN.source }) }),
      // t.Union of literals, not t.UnionEnum: Elysia gives UnionEnum a default (its first
      // value), which would answer a request without `currency` with 200 instead of 400.
      query: t.Object({ currency: t.Union(CURRENCIES.map((code) => t.Literal(code))) }),
    },
  )
  .listen({ port, hostname });

ready("elysia");
