// #region usage
import { valibot } from "@trellis/adapter-valibot";
import { Body, Controller, createApp, Post, Returns, Route } from "@trellis/core";
import * as v from "valibot";

// `v.metadata({ id })` in the schema's pipe makes it a named component: #/components/schemas/CreateUser.
const CreateUser = v.pipe(
  v.object({ name: v.pipe(v.string(), v.nonEmpty()), email: v.pipe(v.string(), v.email()) }),
  v.metadata({ id: "CreateUser" }),
);
const User = v.pipe(
  v.object({ id: v.string(), name: v.string(), email: v.string() }),
  v.metadata({ id: "User" }),
);

@Route("/users")
class UserController extends Controller {
  @Post()
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: v.InferOutput<typeof CreateUser>): v.InferOutput<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

export const app = createApp({ schema: valibot(), controllers: [UserController] });
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
