// Elysia with its own TypeBox schemas (`t`); validation errors mapped to 400 like every target.
import { Elysia, t } from "elysia";
import { hostname, port, ready } from "./shared/listen.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

new Elysia()
  // Elysia answers validation failures with 422 by default; the benchmark's contract is 400.
  .onError(({ code, set }) => {
    if (code === "VALIDATION" || code === "PARSE") {
      set.status = 400;
      return { title: "Bad Request", status: 400 };
    }
  })
  .get("/users/:id", ({ params }) => findUser(params.id), {
    params: t.Object({ id: t.String() }),
  })
  .post("/users", ({ body, status }) => status(201, createUser(body)), {
    body: t.Object({ name: t.String({ minLength: 1 }), email: t.String({ format: "email" }) }),
  })
  .get("/users", ({ query }) => listUsers(query.page, query.limit), {
    query: t.Object({
      page: t.Integer({ minimum: 1 }),
      limit: t.Integer({ minimum: 1, maximum: 100 }),
    }),
  })
  .listen({ port, hostname });

ready("elysia");
