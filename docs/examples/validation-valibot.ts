// #region usage
import { valibot } from "@trellis/adapter-valibot";
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
import * as v from "valibot";
import { documented } from "./documented.ts";

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
@Description("People who use the service")
class UserController extends Controller {
  @Post()
  @Summary("Create a user")
  @Description("Stores a user and returns it with its new id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: v.InferOutput<typeof CreateUser>): v.InferOutput<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

export const app = createApp({
  schema: valibot(),
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
