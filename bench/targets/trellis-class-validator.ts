// Trellis with the class-validator adapter (constraint decorators on model classes).
import { classValidator } from "@trellis/adapter-class-validator";
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
import { IsEmail, IsInt, IsString, Max, Min, MinLength } from "class-validator";
import { hostname, port, ready } from "./shared/listen.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}

class CreateUser {
  @IsString() @MinLength(1) name!: string;
  @IsEmail() email!: string;
}

class ListQuery {
  @IsInt() @Min(1) page!: number;
  @IsInt() @Min(1) @Max(100) limit!: number;
}

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param("id") id: string) {
    return findUser(id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: CreateUser) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: ListQuery) {
    return listUsers(query.page, query.limit);
  }
}

const app = createApp({
  schema: classValidator(),
  controllers: [UserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-class-validator");
