import type { ConformanceFixtures, DocumentFixtures } from "@trellis/testing/conformance";
import * as v from "valibot";

const Address = v.pipe(
  v.object({
    street: v.pipe(v.string(), v.minLength(1)),
    city: v.pipe(v.string(), v.minLength(1)),
  }),
  v.metadata({ id: "Address" }),
);
const LineItem = v.pipe(
  v.object({
    sku: v.pipe(v.string(), v.minLength(1)),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  }),
  v.metadata({ id: "LineItem" }),
);

/** The conformance shapes, written with Valibot. */
export const fixtures: ConformanceFixtures = {
  createUser: v.pipe(
    v.object({ name: v.pipe(v.string(), v.nonEmpty()), email: v.pipe(v.string(), v.email()) }),
    v.metadata({ id: "CreateUser" }),
  ),
  user: v.pipe(
    v.object({ id: v.string(), name: v.string(), email: v.string() }),
    v.metadata({ id: "User" }),
  ),
  profile: v.object({
    title: v.string(),
    nickname: v.optional(v.string()),
    deletedAt: v.nullable(v.string()),
    bio: v.nullish(v.string()),
  }),
  bounds: v.object({
    age: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150)),
    score: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
    count: v.optional(v.pipe(v.number(), v.integer())),
  }),
  strings: v.object({
    username: v.pipe(v.string(), v.minLength(3), v.maxLength(20)),
    slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  }),
  enums: v.object({ role: v.picklist(["admin", "member"]), priority: v.picklist([1, 2, 3]) }),
  formats: v.object({
    email: v.pipe(v.string(), v.email()),
    id: v.pipe(v.string(), v.uuid()),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
  }),
  shipment: v.object({ recipient: v.string(), address: Address }),
  cart: v.object({ items: v.pipe(v.array(LineItem), v.minLength(1), v.maxLength(3)) }),
  adoption: v.object({
    pet: v.variant("kind", [
      v.pipe(
        v.object({
          kind: v.literal("cat"),
          lives: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)),
        }),
        v.metadata({ id: "Cat" }),
      ),
      v.pipe(v.object({ kind: v.literal("dog"), goodBoy: v.boolean() }), v.metadata({ id: "Dog" })),
    ]),
  }),
  search: v.object({
    q: v.optional(v.pipe(v.string(), v.maxLength(50))),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
  }),
  throwing: v.object({
    name: v.pipe(
      v.string(),
      v.check((name) => {
        if (name === "boom") throw new Error("boom from user code");
        return true;
      }),
    ),
  }),
  upload: v.object({
    title: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
    count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10))),
    avatar: v.pipe(v.file(), v.maxSize(1024), v.mimeType(["image/png", "image/jpeg"])),
    attachments: v.optional(v.array(v.pipe(v.file(), v.maxSize(2048)))),
  }),
};

/** `Page<T>`: one function of the item schema, one named component per instantiation. */
const page = <T extends v.GenericSchema>(item: T, name: string) =>
  v.pipe(
    v.object({ items: v.array(item), total: v.pipe(v.number(), v.integer()) }),
    v.metadata({ id: name }),
  );

/** The document-only shapes, written with Valibot (`v.description`, `v.examples`). */
export const documents: DocumentFixtures = {
  userPage: page(fixtures.user as v.GenericSchema, "UserPage"),
  addressPage: page(Address, "AddressPage"),
  person: v.pipe(
    v.object({
      name: v.pipe(v.string(), v.description("Full name"), v.examples(["Ada Lovelace"])),
      email: v.pipe(v.string(), v.email(), v.description("Where to write")),
    }),
    v.metadata({ id: "Person" }),
    v.description("Someone who uses the service"),
  ),
};
