// Type tests of the rules core's decorators check, with a stand-in schema kind this file teaches
// `Infer` (the adapters' own type tests cover their libraries). `pnpm typecheck` compiles this
// file: a wrong rule, or a `@ts-expect-error` whose line stopped failing, fails the build.
import { describe, expectTypeOf, it } from "vitest";
import { Controller } from "../controller/controller.js";
import type { Infer } from "../schema/infer.js";
import { Body, Query } from "./bindings.js";
import { Returns } from "./returns.js";
import { Sse } from "./sse.js";
import { Get } from "./verbs.js";

/** A schema whose static type is `T`, for these tests only. */
interface Typed<T> {
  readonly typeTestOnly: T;
}
const typed = <T>(): Typed<T> => ({ typeTestOnly: undefined as T });

// Through the package's entry, as the adapters augment "@trellis/core/extend": augmenting
// infer.js itself as well splits SchemaTypes in two when the root typecheck holds core and the adapters in one
// program (the adapters' entries then vanish from Infer).
declare module "../extend.js" {
  interface SchemaTypes<S> {
    typeTest: S extends Typed<infer T> ? T : never;
  }
}

const User = typed<{ id: string }>();
const Job = typed<{ job: number }>();
const user = { id: "1" };
const status: number = 200;

describe("Infer", () => {
  it("is the registered type, or unknown for what no entry claims", () => {
    expectTypeOf<Infer<typeof User>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<Infer<"id">>().toEqualTypeOf<unknown>();
    expectTypeOf<Infer<undefined>>().toEqualTypeOf<unknown>();
  });
});

describe("@Returns checks only 2xx statuses with a schema", () => {
  it("lets through what is not declared, or not 2xx, or not known at compile time", () => {
    class Unchecked extends Controller {
      @Get("/a") @Returns(404, User) a(): string {
        return "";
      }
      @Get("/b") @Returns(200, "Only a description") b(): number {
        return 1;
      }
      @Get("/c") @Returns(200, undefined, "No body") c(): void {}
      @Get("/d") @Returns(status, User) d(): string {
        return "";
      }
      @Get("/e") @Returns(201, typed<unknown>()) e(): string {
        return "";
      }
      @Get("/f") @Returns(200, [{ type: "string" }]) f(): number {
        return 1;
      }
      @Get("/g") @Returns(200, User) async g(): Promise<Response> {
        return new Response(null, { status: 204 });
      }
      @Get("/h") @Returns(200, User) h(): any {
        return 1;
      }
    }
    expectTypeOf<Unchecked>().toHaveProperty("a");
  });

  it("lets several 2xx schemas each claim their member of a union", () => {
    class Several extends Controller {
      @Get("/a")
      @Returns(200, User)
      @Returns(202, Job)
      a(): { id: string } | { job: number } {
        return user;
      }
    }
    expectTypeOf<Several>().toHaveProperty("a");
  });

  it("rejects what no 2xx schema declares", () => {
    class Rejected extends Controller {
      @Get("/a")
      // @ts-expect-error a Job is not a User
      @Returns(200, User)
      a(): { job: number } {
        return { job: 1 };
      }

      @Get("/b")
      // @ts-expect-error null is declared by neither schema: each decorator says so
      @Returns(200, User)
      // @ts-expect-error null is declared by neither schema
      @Returns(202, Job)
      b(): { id: string } | { job: number } | null {
        return null;
      }

      @Get("/c")
      // @ts-expect-error an array of users is declared
      @Returns(206, [User])
      async c(): Promise<{ id: number }[]> {
        return [];
      }
    }
    expectTypeOf<Rejected>().toHaveProperty("a");
  });
});

describe("@Returns on an @Sse handler checks each event's data", () => {
  it("accepts events and bare values of the declared type, and rejects others", () => {
    class Streams extends Controller {
      @Sse() @Returns(200, User) async *events() {
        yield { id: "1" };
        yield { data: { id: "2" }, event: "user" };
      }
      // @ts-expect-error a Job is not a User
      @Sse("/jobs") @Returns(200, User) async *jobs() {
        yield { data: { job: 1 } };
      }
      @Get("/with-options")
      @Returns(201, User, { description: "Created", headers: { Location: {} } })
      create() {
        return user;
      }
    }
    expectTypeOf<Streams>().toHaveProperty("events");
  });
});

describe("binding decorators check the parameter's declared type", () => {
  it("accepts a wider type, and checks nothing without a known schema", () => {
    class Accepted extends Controller {
      @Get("/a") a(
        @Body(User) input: { id: string | number },
        @Query(undefined) all: number,
        @Query("x", { type: "string" }) x: boolean,
      ): void {
        void [input, all, x];
      }
    }
    expectTypeOf<Accepted>().toHaveProperty("a");
  });

  it("rejects a narrower or another type", () => {
    class Rejected extends Controller {
      @Get("/a") a(
        // @ts-expect-error the body may be any string id, not only "1"
        @Body(User) input: { id: "1" },
        // @ts-expect-error a Job is not a User
        @Query("user", User) other: { job: number },
      ): void {
        void [input, other];
      }
    }
    expectTypeOf<Rejected>().toHaveProperty("a");
  });
});
