// Trellis with the Valibot adapter.
import { valibot } from "@trellis/adapter-valibot";
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
import * as v from "valibot";
import { hostname, port, ready } from "./shared/listen.js";
import { type CreateUserInput, createUser, findUser, listUsers } from "./shared/users.js";

const User = v.pipe(
  v.object({ id: v.string(), name: v.string(), email: v.string() }),
  v.metadata({ id: "User" }),
);
const CreateUser = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1)),
    email: v.pipe(v.string(), v.email()),
  }),
  v.metadata({ id: "CreateUser" }),
);
const ListQuery = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
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
  schema: valibot(),
  controllers: [UserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-valibot");
