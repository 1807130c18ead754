// bun-openapi (npm) with its class-validator adapter (class-transformer + class-validator-jsonschema).
// S4 and S5 are not served (see lib/targets.ts for why); validation errors become problem+json
// through its errorFormatter.
import { Body, Controller, createApp, Get, Param, Post, Query, Returns, Route } from "bun-openapi";
import { classValidator } from "bun-openapi/adapters/class-validator";
import { IsEmail, IsInt, IsString, Max, Min, MinLength } from "class-validator";
import { problemFormatter } from "./bun-openapi-problem.js";
import { hostname, port, ready } from "./shared/listen.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}

class UserParams {
  @IsString() id!: string;
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
  get(@Param(UserParams) params: UserParams) {
    return findUser(params.id);
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

@Route("/scalar/users")
class ScalarUserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param("id") id: string) {
    return findUser(id);
  }

  // A scalar @Query("page") is coerced by its TypeScript type only (no minimum or maximum), so
  // the constrained query is served by the same DTO as S3: the closest honest form.
  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: ListQuery) {
    return listUsers(query.page, query.limit);
  }
}

const app = createApp({
  schema: classValidator(),
  controllers: [UserController, ScalarUserController],
  openapi: { service: { name: "bench", version: "1.0.0" } },
  errorFormatter: problemFormatter,
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("bun-openapi-class-validator");
