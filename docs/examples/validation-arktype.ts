// #region usage
import { standardSchema } from "@trellis/adapter-standard-schema";
import {
  Body,
  Controller,
  createApp,
  Description,
  type Infer,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { type } from "arktype";
import { documented } from "./documented.ts";

// ArkType's way to add a metadata key: `id` in `.configure()` names a component.
declare global {
  interface ArkEnv {
    meta(): { id?: string };
  }
}

// `.configure({ id })` makes the type a named component: #/components/schemas/CreateUser.
const CreateUser = type({ name: "string > 0", email: "string.email" }).configure({
  id: "CreateUser",
});
const User = type({ id: "string", name: "string", email: "string" }).configure({ id: "User" });

@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  @Post()
  @Summary("Create a user")
  @Description("Stores a user and returns it with its new id.")
  @Returns(201, User, "The created user")
  create(@Body(CreateUser) input: Infer<typeof CreateUser>): Infer<typeof User> {
    this.setStatus(201);
    return { id: crypto.randomUUID(), name: input.name, email: input.email };
  }
}

// Any Standard Schema library with Standard JSON Schema works the same way (Zod 4, Valibot
// wrapped with toStandardJsonSchema, Effect Schema, ...).
export const app = createApp({
  schema: standardSchema(),
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
