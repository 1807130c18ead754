import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Get,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsEmail, IsNotEmpty, IsString } from "class-validator";

class CreateUserInput {
  @IsString() @IsNotEmpty() name!: string;
  @IsEmail() email!: string;
}

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}

const users: User[] = [];

@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  @Get()
  @Summary("List users")
  @Description("Every user, oldest first.")
  @Returns(200, [User], "Every user")
  list(): User[] {
    return users;
  }

  @Post()
  @Summary("Create a user")
  @Description("Stores a user and returns it with its new id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUserInput) input: CreateUserInput): User {
    const user = { id: crypto.randomUUID(), name: input.name, email: input.email };
    users.push(user);
    this.setStatus(201);
    return user;
  }
}

export const app = createApp({
  schema: classValidator(),
  controllers: [UserController],
  docs: { swagger: true },
  openapi: {
    service: { name: "users", version: "1.0.0", description: "Create and list users." },
    info: {
      contact: { name: "API support", url: "https://github.com/trellis-framework/trellis" },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    servers: [{ url: "/" }],
    security: [], // no operation needs credentials
  },
});

// Runs when started with `bun quick-start.ts`, not when imported (by a test, for example).
if (import.meta.main) {
  const server = Bun.serve({ port: 3000, routes: app.routes, fetch: app.fetch });
  console.log(`Users API on ${server.url}users, docs on ${server.url}docs`);
}
