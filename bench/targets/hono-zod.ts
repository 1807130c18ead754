// Hono with @hono/zod-validator, written the way its users write it: Zod objects (which drop
// unknown keys), Hono's own bearerAuth middleware, and a validator hook that answers invalid
// input with a 400 problem+json listing every issue.
import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import * as z from "zod";
import { AccountService, CURRENCIES, S4_TOKEN, TENANT_PATTERN } from "./shared/accounts.js";
import { hostname, port, ready } from "./shared/listen.js";
import { createOrder } from "./shared/orders.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

type Where = "json" | "query" | "param" | "header";

/** zValidator with a hook turning Zod's issues into the benchmark's problem+json. */
function valid<W extends Where, S extends z.ZodType>(where: W, schema: S) {
  return zValidator(where, schema, (result, c: Context) => {
    if (result.success) return;
    const errors = result.error.issues.map((issue) => ({
      in: where === "json" ? "body" : where,
      path: issue.path.map((key) => `/${String(key)}`).join(""),
      message: issue.message,
    }));
    const body = {
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "Request validation failed",
      errors,
    };
    return c.body(JSON.stringify(body), 400, { "content-type": "application/problem+json" });
  });
}

const UserParams = z.object({ id: z.string() });
const CreateUser = z.object({ name: z.string().min(1), email: z.email() });
const ListQuery = z.object({
  page: z.coerce.number().int().min(1),
  limit: z.coerce.number().int().min(1).max(100),
});
const OrderItem = z.object({
  sku: z.string().min(1).max(32),
  name: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
  price: z.number().min(0),
  tags: z.array(z.string()).max(10),
});
const CreateOrder = z.object({
  customer: z.object({ id: z.string().min(1), name: z.string().min(1), email: z.email() }),
  items: z.array(OrderItem).min(1).max(1000),
  note: z.string().max(500).optional(),
});
const TenantHeader = z.object({ "x-tenant-id": z.string().regex(TENANT_PATTERN) });
const CurrencyQuery = z.object({ currency: z.enum(CURRENCIES) });

const accounts = new AccountService();

const app = new Hono()
  .get("/users/:id", valid("param", UserParams), (c) => c.json(findUser(c.req.valid("param").id)))
  .get("/scalar/users/:id", (c) => c.json(findUser(c.req.param("id"))))
  .post("/users", valid("json", CreateUser), (c) => c.json(createUser(c.req.valid("json")), 201))
  .get("/users", valid("query", ListQuery), (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(listUsers(page, limit));
  })
  // Scalar twin: zod-validator validates the query as one object; the same schema is the closest.
  .get("/scalar/users", valid("query", ListQuery), (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(listUsers(page, limit));
  })
  .post("/orders", valid("json", CreateOrder), (c) => c.json(createOrder(c.req.valid("json")), 201))
  // The guard runs first (middleware order), so a wrong token is 401 whatever the input.
  .get(
    "/accounts/summary",
    bearerAuth({ token: S4_TOKEN }),
    valid("header", TenantHeader),
    valid("query", CurrencyQuery),
    (c) =>
      c.json(accounts.summary(c.req.valid("header")["x-tenant-id"], c.req.valid("query").currency)),
  );

Bun.serve({ port, hostname, fetch: app.fetch });

ready("hono-zod");
