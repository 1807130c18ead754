import "reflect-metadata";
import { Type as T } from "@sinclair/typebox";
import { classValidator } from "@trellis/adapter-class-validator";
import { standardSchema } from "@trellis/adapter-standard-schema";
import { typebox } from "@trellis/adapter-typebox";
import { valibot } from "@trellis/adapter-valibot";
import { zod } from "@trellis/adapter-zod";
import {
  type App,
  Controller,
  createApp,
  Get,
  Returns,
  Route,
  SendUndeclared,
} from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { type } from "arktype";
import { Type as Nested } from "class-transformer";
import { IsArray, IsInt, IsString, ValidateNested } from "class-validator";
import * as v from "valibot";
import * as z from "zod";

// A stored account row as a repository returns it: the declared fields plus what must never
// leave the server, at the top, in a nested object and in every item of a nested array.
export const storedAccount = () => ({
  id: 7,
  name: "Ada",
  passwordHash: "$argon2id$v=19$secret-top",
  profile: { city: "London", totpSeed: "secret-nested" },
  keys: [
    { label: "laptop", privateKey: "secret-item-1" },
    { label: "phone", privateKey: "secret-item-2" },
  ],
});

/** Every value of `storedAccount` that is not declared: none may be in a default answer's bytes. */
export const secrets = ["secret-top", "secret-nested", "secret-item-1", "secret-item-2"];

class KeyModel {
  @IsString() label!: string;
}
class ProfileModel {
  @IsString() city!: string;
}
class AccountModel {
  @IsInt() id!: number;
  @IsString() name!: string;
  @ValidateNested() @Nested(() => ProfileModel) profile!: ProfileModel;
  @IsArray() @ValidateNested({ each: true }) @Nested(() => KeyModel) keys!: KeyModel[];
}

// The same Account in each library (components named apart from the other test apps').
const accounts: Record<string, { adapter: () => SchemaAdapter; account: unknown }> = {
  "class-validator": { adapter: () => classValidator(), account: AccountModel },
  typebox: {
    adapter: () => typebox(),
    account: T.Object(
      {
        id: T.Integer(),
        name: T.String(),
        profile: T.Object({ city: T.String() }),
        keys: T.Array(T.Object({ label: T.String() })),
      },
      { $id: "LeakyAccountTb" },
    ),
  },
  zod: {
    adapter: () => zod(),
    account: z
      .object({
        id: z.int(),
        name: z.string(),
        profile: z.object({ city: z.string() }),
        keys: z.array(z.object({ label: z.string() })),
      })
      .meta({ id: "LeakyAccountZod" }),
  },
  valibot: {
    adapter: () => valibot(),
    account: v.object({
      id: v.pipe(v.number(), v.integer()),
      name: v.string(),
      profile: v.object({ city: v.string() }),
      keys: v.array(v.object({ label: v.string() })),
    }),
  },
  "standard-schema (arktype)": {
    adapter: () => standardSchema(),
    account: type({
      id: "number.integer",
      name: "string",
      profile: { city: "string" },
      keys: type({ label: "string" }).array(),
    }),
  },
  "standard-schema (zod 4)": {
    adapter: () => standardSchema(),
    account: z.object({
      id: z.int(),
      name: z.string(),
      profile: z.object({ city: z.string() }),
      keys: z.array(z.object({ label: z.string() })),
    }),
  },
};

/** The adapters under test, by label. */
export const leakyAdapters = Object.keys(accounts);

/**
 * An app whose routes return `storedAccount()` rows: `/account` and `/accounts` as declared,
 * `/account/whole` with `@SendUndeclared()`, `/account/response` as a `Response` the handler made,
 * `/account/undocumented` with a `@Returns` that declares no schema.
 */
export function createLeakyApp(label: string, options: { sendUndeclared?: boolean } = {}): App {
  const entry = accounts[label];
  if (entry === undefined) throw new Error(`no leaky app for ${label}`);
  const Account = entry.account as never;

  @Route("/account")
  class AccountController extends Controller {
    @Get()
    @Returns(200, Account)
    one() {
      return storedAccount();
    }

    @Get("/list")
    @Returns(200, [Account])
    list() {
      return [storedAccount(), storedAccount()];
    }

    @Get("/whole")
    @Returns(200, Account)
    @SendUndeclared()
    whole() {
      return storedAccount();
    }

    @Get("/response")
    @Returns(200, Account)
    response() {
      return Response.json(storedAccount());
    }

    @Get("/undocumented")
    @Returns(200, "An account, shape not declared")
    undocumented() {
      return storedAccount();
    }
  }

  return createApp({
    schema: entry.adapter(),
    controllers: [AccountController],
    openapi: { undeclaredResponses: "off" },
    ...options,
  });
}
