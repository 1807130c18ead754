// bun-openapi (npm) with its TypeBox adapter: decorators, validation and an OpenAPI document.
// S4 and S5 are not served (see lib/targets.ts for why); validation errors become problem+json
// through its errorFormatter.
import { Type } from "@sinclair/typebox";
import { Body, Controller, createApp, Get, Param, Post, Query, Returns, Route } from "bun-openapi";
import { typebox } from "bun-openapi/adapters/typebox";
import { problemFormatter } from "./bun-openapi-problem.js";
import { hostname, port, ready } from "./shared/listen.js";
import { type CreateUserInput, createUser, findUser, listUsers } from "./shared/users.js";

const User = Type.Object(
  { id: Type.String(), name: Type.String(), email: Type.String() },
  { $id: "User" },
);
const UserParams = Type.Object({ id: Type.String() });
const CreateUser = Type.Object(
  { name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }) },
  { $id: "CreateUser" },
);
const ListQuery = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
});

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: { id: string }) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: CreateUserInput) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, Type.Array(User))
  list(@Query(ListQuery) query: { page: number; limit: number }) {
    return listUsers(query.page, query.limit);
  }
}

@Route("/scalar/users")
class ScalarUserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param("id") id: string) {
    return findUser(id);
  }

  // A scalar @Query("page") is coerced by its TypeScript type only (no minimum or maximum), so
  // the constrained query is served by the same object schema as S3: the closest honest form.
  @Get()
  @Returns(200, Type.Array(User))
  list(@Query(ListQuery) query: { page: number; limit: number }) {
    return listUsers(query.page, query.limit);
  }
}

const app = createApp({
  schema: typebox(),
  controllers: [UserController, ScalarUserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
  errorFormatter: problemFormatter,
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("bun-openapi-typebox");
