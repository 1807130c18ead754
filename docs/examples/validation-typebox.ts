// #region usage
import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  Body,
  Controller,
  createApp,
  Description,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { documented } from "./documented.ts";

// A `$id` makes the schema a named component: #/components/schemas/CreateUser.
const CreateUser = Type.Object(
  { name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }) },
  { $id: "CreateUser" },
);
const User = Type.Object(
  { id: Type.String(), name: Type.String(), email: Type.String() },
  { $id: "User" },
);

@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  @Post()
  @Summary("Create a user")
  @Description("Stores a user and returns it with its new id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: Static<typeof CreateUser>): Static<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

export const app = createApp({
  schema: typebox(),
  controllers: [UserController],
  openapi: documented("users", "Create users."),
});
// #endregion

/** A valid user, one with an extra property (stripped) and an invalid one. */
export async function demo() {
  const post = (body: unknown) =>
    app.fetch(
      new Request("http://localhost/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  return {
    valid: await post({ name: "Ada", email: "ada@example.com", role: "admin" }),
    invalid: await post({ name: "", email: "nope" }),
    document: app.document,
  };
}
