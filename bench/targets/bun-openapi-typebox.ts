// bun-openapi (npm) with its TypeBox adapter: decorators, validation and an OpenAPI document.
import { Type } from "@sinclair/typebox";
import { Body, Controller, createApp, Get, Param, Post, Query, Returns, Route } from "bun-openapi";
import { typebox } from "bun-openapi/adapters/typebox";
import { hostname, port, ready } from "./shared/listen.js";
import { type CreateUserInput, createUser, findUser, listUsers } from "./shared/users.js";

const User = Type.Object(
  { id: Type.String(), name: Type.String(), email: Type.String() },
  { $id: "User" },
);
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
  get(@Param("id") id: string) {
    return findUser(id);
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

const app = createApp({
  schema: typebox(),
  controllers: [UserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("bun-openapi-typebox");
