// Hono with @hono/zod-validator (which answers invalid input with 400 itself).
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import * as z from "zod";
import { hostname, port, ready } from "./shared/listen.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

const createUserBody = z.object({ name: z.string().min(1), email: z.email() });
const listQuery = z.object({
  page: z.coerce.number().int().min(1),
  limit: z.coerce.number().int().min(1).max(100),
});

const app = new Hono()
  .get("/users/:id", (c) => c.json(findUser(c.req.param("id"))))
  .post("/users", zValidator("json", createUserBody), (c) =>
    c.json(createUser(c.req.valid("json")), 201),
  )
  .get("/users", zValidator("query", listQuery), (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(listUsers(page, limit));
  });

Bun.serve({ port, hostname, fetch: app.fetch });

ready("hono-zod");
