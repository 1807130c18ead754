// #region usage
import { zod } from "@trellis/adapter-zod";
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
import * as z from "zod";
import { documented } from "./documented.ts";

// `.meta({ id })` makes the schema a named component: #/components/schemas/CreateUser.
const CreateUser = z
  .object({ name: z.string().min(1), email: z.email() })
  .meta({ id: "CreateUser" });
const User = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "User" });

@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  @Post()
  @Summary("Create a user")
  @Description("Stores a user and returns it with its new id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: z.infer<typeof CreateUser>): z.infer<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

export const app = createApp({
  schema: zod(),
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
