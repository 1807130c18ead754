// Trellis with the TypeBox adapter and TypeBox 1.x schemas (the `typebox` package): the same
// schemas as trellis-typebox, which uses @sinclair/typebox 0.34.

import { typebox } from "@trellis/adapter-typebox";
import {
  Body,
  Controller,
  createApp,
  Get,
  Param,
  Post,
  Query,
  Returns,
  Route,
} from "@trellis/core";
import Type from "typebox";
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
  @Returns(200, [User])
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

ready("trellis-typebox-1");
