// Type tests: `pnpm typecheck` compiles this file, so a wrong type, or a `@ts-expect-error` whose
// line stopped failing, fails the build.
import { Body, Controller, type Infer, Post, Returns, type SchemaInput } from "@trellis/core";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import "./index.js";

const User = type({ id: "string", name: "string", "age?": "number.integer" });
const Parsed = type({ joined: "string.numeric.parse" });
const Wrapped = toStandardJsonSchema(v.object({ name: v.string() }));

describe("Infer (Standard Schema)", () => {
  it("is the output type of an ArkType type", () => {
    expectTypeOf<Infer<typeof User>>().toEqualTypeOf<{ id: string; name: string; age?: number }>();
    expectTypeOf<Infer<typeof Parsed>>().toEqualTypeOf<
      { joined: number } & SchemaInput<{ joined: string }>
    >();
  });

  it("is the output type of a wrapped Valibot schema", () => {
    expectTypeOf<Infer<typeof Wrapped>>().toEqualTypeOf<{ name: string }>();
  });
});

describe("@Returns (Standard Schema)", () => {
  it("checks the handler's return type against the schema", () => {
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
        return { id: 1, name: "Ada" };
      }
    }
    expectTypeOf(UserController).toBeConstructibleWith();
  });
});
