// Trellis with the Standard Schema adapter and Zod 4 schemas: the same schemas as trellis-zod,
// validated through `~standard.validate` and documented through Standard JSON Schema.
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
import * as z from "zod";
import { hostname, port, ready } from "./shared/listen.js";
import { type CreateUserInput, createUser, findUser, listUsers } from "./shared/users.js";

const User = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "User" });
const CreateUser = z
  .object({ name: z.string().min(1), email: z.email() })
  .meta({ id: "CreateUser" });
const ListQuery = z.object({ page: z.int().min(1), limit: z.int().min(1).max(100) });

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

ready("trellis-zod-standard");
