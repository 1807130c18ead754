import { FormatRegistry, type TSchema, Type } from "@sinclair/typebox";
import type { ConformanceFixtures, DocumentFixtures } from "@trellis/testing/conformance";
import { FileType } from "./file-type.js";

// A format whose check is user code that throws, for the "exceptions become issues" test.
FormatRegistry.Set("conformance-throws", (value) => {
  if (value === "boom") throw new Error("boom from user code");
  return true;
});

const Address = Type.Object(
  { street: Type.String({ minLength: 1 }), city: Type.String({ minLength: 1 }) },
  { $id: "Address" },
);
const LineItem = Type.Object(
  { sku: Type.String({ minLength: 1 }), quantity: Type.Integer({ minimum: 1, maximum: 100 }) },
  { $id: "LineItem" },
);

/** The conformance shapes, written with TypeBox. */
export const fixtures: ConformanceFixtures = {
  createUser: Type.Object(
    { name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }) },
    { $id: "CreateUser" },
  ),
  user: Type.Object(
    { id: Type.String(), name: Type.String(), email: Type.String() },
    { $id: "User" },
  ),
  profile: Type.Object({
    title: Type.String(),
    nickname: Type.Optional(Type.String()),
    deletedAt: Type.Union([Type.String(), Type.Null()]),
    bio: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  bounds: Type.Object({
    age: Type.Integer({ minimum: 0, maximum: 150 }),
    score: Type.Number({ minimum: 0, maximum: 100 }),
    count: Type.Optional(Type.Integer()),
  }),
  strings: Type.Object({
    username: Type.String({ minLength: 3, maxLength: 20 }),
    slug: Type.String({ pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" }),
  }),
  enums: Type.Object({
    role: Type.Union([Type.Literal("admin"), Type.Literal("member")]),
    priority: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  }),
  formats: Type.Object({
    email: Type.String({ format: "email" }),
    id: Type.String({ format: "uuid" }),
    createdAt: Type.String({ format: "date-time" }),
  }),
  shipment: Type.Object({ recipient: Type.String(), address: Address }),
  cart: Type.Object({ items: Type.Array(LineItem, { minItems: 1, maxItems: 3 }) }),
  adoption: Type.Object({
    pet: Type.Union([
      Type.Object(
        { kind: Type.Literal("cat"), lives: Type.Integer({ minimum: 0, maximum: 9 }) },
        { $id: "Cat" },
      ),
      Type.Object({ kind: Type.Literal("dog"), goodBoy: Type.Boolean() }, { $id: "Dog" }),
    ]),
  }),
  search: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 50 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  }),
  throwing: Type.Object({ name: Type.String({ format: "conformance-throws" }) }),
  upload: Type.Object({
    title: Type.String({ minLength: 1, maxLength: 20 }),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    avatar: FileType({ maxSize: 1024, mimeTypes: ["image/png", "image/jpeg"] }),
    attachments: Type.Optional(Type.Array(FileType({ maxSize: 2048 }))),
  }),
};

/** `Page<T>`: one function of the item schema, one named component per instantiation. */
const page = <T extends TSchema>(item: T, name: string) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer() }, { $id: name });

/** The document-only shapes, written with TypeBox (`description` and `examples` options). */
export const documents: DocumentFixtures = {
  userPage: page(fixtures.user as TSchema, "UserPage"),
  addressPage: page(Address, "AddressPage"),
  person: Type.Object(
    {
      name: Type.String({ description: "Full name", examples: ["Ada Lovelace"] }),
      email: Type.String({ format: "email", description: "Where to write" }),
    },
    { $id: "Person", description: "Someone who uses the service" },
  ),
};
