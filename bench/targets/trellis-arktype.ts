// Trellis with the Standard Schema adapter and ArkType types.
import { standardSchema } from "@trellis/adapter-standard-schema";
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
import { type } from "arktype";
import { hostname, port, ready } from "./shared/listen.js";
import { type CreateUserInput, createUser, findUser, listUsers } from "./shared/users.js";

// ArkType's way to add a metadata key: `id` names a component.
declare global {
  interface ArkEnv {
    meta(): { id?: string };
  }
}

const User = type({ id: "string", name: "string", email: "string" }).configure({ id: "User" });
const CreateUser = type({ name: "string > 0", email: "string.email" }).configure({
  id: "CreateUser",
});
const ListQuery = type({ page: "number.integer >= 1", limit: "1 <= number.integer <= 100" });

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
  schema: standardSchema(),
  controllers: [UserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-arktype");
