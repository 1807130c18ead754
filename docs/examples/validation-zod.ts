// #region usage
import { zod } from "@trellis/adapter-zod";
import { Body, Controller, createApp, Post, Returns, Route } from "@trellis/core";
import * as z from "zod";

// `.meta({ id })` makes the schema a named component: #/components/schemas/CreateUser.
const CreateUser = z
  .object({ name: z.string().min(1), email: z.email() })
  .meta({ id: "CreateUser" });
const User = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "User" });

@Route("/users")
class UserController extends Controller {
  @Post()
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: z.infer<typeof CreateUser>): z.infer<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

export const app = createApp({ schema: zod(), controllers: [UserController] });
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
