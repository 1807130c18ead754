// #region imports
import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Get,
  NotFoundException,
  Param,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsEmail, IsNotEmpty, IsString } from "class-validator";
// #endregion

// #region models
/** What a client sends to create a user. */
export class CreateUserInput {
  @IsString()
  @IsNotEmpty()
  name!: string;

  @IsEmail()
  email!: string;
}

/** A stored user, as the API returns it. */
export class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}
// #endregion

// #region controller
@Route("/users")
@Description("People who use the service") // the description of its tag, "User"
export class UserController extends Controller {
  // Controllers are constructed once, so this map lives as long as the app.
  private readonly users = new Map<string, User>();

  @Get()
  @Summary("List users")
  @Description("Every user, in the order they were created.")
  @Returns(200, [User], "Every user")
  list(): User[] {
    return [...this.users.values()];
  }

  @Get("/:id")
  @Summary("Get a user")
  @Description("One user by id.")
  @Returns(200, User, "The user")
  @Returns(404, "No user has this id")
  get(@Param("id") id: string): User {
    const user = this.users.get(id);
    if (!user) throw new NotFoundException("No user has this id.");
    return user;
  }

  @Post()
  @Summary("Create a user")
  @Description("Stores a new user and returns it with its id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUserInput) input: CreateUserInput): User {
    const user = { id: crypto.randomUUID(), name: input.name, email: input.email };
    this.users.set(user.id, user);
    this.setStatus(201);
    return user;
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [UserController],
  docs: { swagger: true },
  openapi: {
    service: { name: "users", version: "1.0.0", description: "Create and read users." },
    info: {
      contact: { name: "API support", url: "https://github.com/trellis-framework/trellis" },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    servers: [{ url: "/", description: "The server that serves this document" }],
    security: [], // public: no operation needs credentials
  },
});
// #endregion

// #region serve
if (import.meta.main) {
  const server = Bun.serve({ port: 3000, routes: app.routes, fetch: app.fetch });
  console.log(`Users API: ${server.url}users`);
  console.log(`Docs: ${server.url}docs`);
}
// #endregion

/** Creates a user, reads it back, and sends two bad requests, all in-process. */
export async function demo() {
  const post = (body: unknown) =>
    app.fetch(
      new Request("http://localhost/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const created = await post({ name: "Ada", email: "ada@example.com" });
  const user = (await created.clone().json()) as User;
  return {
    created,
    fetched: await app.fetch(new Request(`http://localhost/users/${user.id}`)),
    invalid: await post({ name: "", email: "not-an-email" }),
    missing: await app.fetch(new Request("http://localhost/users/nobody")),
    listed: await app.fetch(new Request("http://localhost/users")),
  };
}
