// Type tests of @trellis/client over the example's controllers: `pnpm typecheck` compiles this
// file (vitest never runs it), so a wrong argument that stops being a compile error, or a changed
// method type, fails the typecheck.
import type { createClient } from "@trellis/client";
import { describe, expectTypeOf, it } from "vitest";
import type { ListUsersQuery } from "../src/users/list-users-query.js";
import type { User } from "../src/users/user.js";
import type { UserController } from "../src/users/user-controller.js";
import type { UserIdParams } from "../src/users/user-id-params.js";

declare const api: ReturnType<typeof createClient<{ users: UserController }>>;

describe("apps/example through @trellis/client, at compile time", () => {
  it("makes a wrong argument or a misspelt method a compile error", () => {
    // @ts-expect-error the id is a string
    void api.users.get({ id: 42 });
    // @ts-expect-error no method "gett"
    void api.users.gett({ id: "42" });
    // @ts-expect-error the email is missing
    void api.users.create({ name: "Ada" });
    // @ts-expect-error no controller "user" was given to createClient
    void api.user.get({ id: "42" });
    expectTypeOf(api.users.get).toEqualTypeOf<(params: UserIdParams) => Promise<User>>();
  });
});

describe("apps/example's client arguments", () => {
  it("takes the query class as it is: its optional paging may be left out", () => {
    expectTypeOf(api.users.list).parameters.toEqualTypeOf<[query: ListUsersQuery]>();
    expectTypeOf(api.users.list).returns.resolves.toEqualTypeOf<User[]>();
    void api.users.list({});
    void api.users.list({ page: 2, limit: 2 });
    // @ts-expect-error the page is a number
    void api.users.list({ page: "2" });
  });
});
