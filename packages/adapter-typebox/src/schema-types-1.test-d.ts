// Type tests for TypeBox 1.x: `pnpm typecheck` compiles this file.
import { Body, Controller, type Infer, Post, Returns } from "@trellis/core";
import Type from "typebox";
import { describe, expectTypeOf, it } from "vitest";
import "./index.js";

const User = Type.Object({ id: Type.String(), age: Type.Optional(Type.Integer()) });

describe("Infer (TypeBox 1.x)", () => {
  it("is the static type of the schema", () => {
    expectTypeOf<Infer<typeof User>>().toEqualTypeOf<{ id: string; age?: number }>();
    expectTypeOf<Infer<{ type: "string" }>>().toEqualTypeOf<unknown>();
  });

  it("checks @Returns against the handler's return type", () => {
    class UserController extends Controller {
      @Post()
      @Returns(201, User)
      create(@Body(User) input: Infer<typeof User>) {
        return input;
      }

      @Post()
      // @ts-expect-error: a number id is not the declared string id
      @Returns(201, User)
      wrong() {
        return { id: 1 };
      }
    }
    expectTypeOf(UserController).toBeConstructibleWith();
  });
});
