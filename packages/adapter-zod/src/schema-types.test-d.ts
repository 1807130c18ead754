// Type tests: `pnpm typecheck` compiles this file, so a wrong type, or a `@ts-expect-error` whose
// line stopped failing, fails the build. Each expected error sits on the decorator's own line.
import {
  Body,
  Controller,
  Get,
  Header,
  type Infer,
  Param,
  Post,
  Query,
  Req,
  Returns,
  type SchemaInput,
} from "@trellis/core";
import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";
import "./index.js";

const User = z.object({ id: z.string(), name: z.string(), joined: z.string().transform(Number) });
type User = Infer<typeof User>;
const CreateUser = z.object({ name: z.string().min(1), age: z.number().int().optional() });
const Paging = z.object({ page: z.number().int().optional() });
const user: User = { id: "1", name: "Ada", joined: 1 };

describe("Infer (Zod)", () => {
  it("is the output type of the schema", () => {
    // The transform takes a string: the type carries that input for @trellis/client.
    expectTypeOf<User>().toEqualTypeOf<
      { id: string; name: string; joined: number } & SchemaInput<z.input<typeof User>>
    >();
    expectTypeOf<Infer<typeof CreateUser>>().toEqualTypeOf<{
      name: string;
      age?: number | undefined;
    }>();
    expectTypeOf<Infer<z.ZodString>>().toEqualTypeOf<string>();
  });

  it("is unknown for a value no adapter claims", () => {
    expectTypeOf<Infer<{ type: "string" }>>().toEqualTypeOf<unknown>();
  });
});

describe("@Returns (Zod)", () => {
  it("accepts the declared type, awaited, as an array, a Response, or no 2xx schema", () => {
    class Accepted extends Controller {
      @Get("/:id")
      @Returns(200, User)
      get(@Param("id") id: string): User {
        return { ...user, id };
      }

      @Get()
      @Returns(200, [User])
      async list(): Promise<readonly User[]> {
        return [user];
      }

      @Get("/raw")
      @Returns(200, User)
      raw(): Response | User {
        return new Response("{}");
      }

      @Get("/either")
      @Returns(200, User)
      @Returns(202, [User])
      either(): User | User[] {
        return [user];
      }

      @Get("/none")
      @Returns(204)
      @Returns(404, User)
      none(): void {}
    }
    expectTypeOf<Accepted["get"]>().returns.toEqualTypeOf<User>();
  });

  it("rejects a result that is not the declared type", () => {
    class Rejected extends Controller {
      @Get("/:id")
      // @ts-expect-error another shape than User
      @Returns(200, User)
      get(): { totallyDifferent: number } {
        return { totallyDifferent: 1 };
      }

      @Get()
      // @ts-expect-error an array is declared, one user is returned
      @Returns(200, [User])
      async list(): Promise<User> {
        return user;
      }

      @Get("/find")
      // @ts-expect-error undefined is not a User (a forgotten 404)
      @Returns(200, User)
      find(): User | undefined {
        return undefined;
      }

      @Post()
      // @ts-expect-error a declared body needs a returned value
      @Returns(201, User)
      create(): void {}
    }
    expectTypeOf<Rejected>().toHaveProperty("find");
  });
});

describe("binding decorators (Zod)", () => {
  it("accept a parameter whose type takes the schema's type", () => {
    class Accepted extends Controller {
      @Post()
      create(
        @Body(CreateUser) input: Infer<typeof CreateUser>,
        @Query(Paging) paging: { page?: number },
        @Header("x-page", z.number()) page: number | undefined,
        @Req() request: Request,
      ): void {
        void [input, paging, page, request];
      }
    }
    expectTypeOf<Accepted>().toHaveProperty("create");
  });

  it("reject a parameter whose type does not take it", () => {
    class Rejected extends Controller {
      @Post()
      create(
        // @ts-expect-error the body is a CreateUser, not this
        @Body(CreateUser) input: { totallyDifferent: number },
        // @ts-expect-error page is optional: the parameter must accept undefined
        @Query(Paging) paging: { page: number },
        // @ts-expect-error @Req() binds a Request
        @Req() request: string,
      ): void {
        void [input, paging, request];
      }
    }
    expectTypeOf<Rejected>().toHaveProperty("create");
  });
});
