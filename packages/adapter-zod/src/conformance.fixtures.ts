import type { ConformanceFixtures, DocumentFixtures } from "@trellis/testing/conformance";
import * as z from "zod";

const Address = z
  .object({ street: z.string().min(1), city: z.string().min(1) })
  .meta({ id: "Address" });
const LineItem = z
  .object({ sku: z.string().min(1), quantity: z.int().min(1).max(100) })
  .meta({ id: "LineItem" });

/** The conformance shapes, written with Zod 4. */
export const fixtures: ConformanceFixtures = {
  createUser: z.object({ name: z.string().min(1), email: z.email() }).meta({ id: "CreateUser" }),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "User" }),
  profile: z.object({
    title: z.string(),
    nickname: z.string().optional(),
    deletedAt: z.string().nullable(),
    bio: z.string().nullish(),
  }),
  bounds: z.object({
    age: z.int().min(0).max(150),
    score: z.number().min(0).max(100),
    count: z.int().optional(),
  }),
  strings: z.object({
    username: z.string().min(3).max(20),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  }),
  enums: z.object({ role: z.enum(["admin", "member"]), priority: z.literal([1, 2, 3]) }),
  formats: z.object({
    email: z.email(),
    id: z.uuid(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
  shipment: z.object({ recipient: z.string(), address: Address }),
  cart: z.object({ items: z.array(LineItem).min(1).max(3) }),
  adoption: z.object({
    pet: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("cat"), lives: z.int().min(0).max(9) }).meta({ id: "Cat" }),
      z.object({ kind: z.literal("dog"), goodBoy: z.boolean() }).meta({ id: "Dog" }),
    ]),
  }),
  search: z.object({ q: z.string().max(50).optional(), page: z.int().min(1).max(1000).optional() }),
  throwing: z.object({
    name: z.string().refine((name) => {
      if (name === "boom") throw new Error("boom from user code");
      return true;
    }),
  }),
  upload: z.object({
    title: z.string().min(1).max(20),
    count: z.int().min(0).max(10).optional(),
    avatar: z.file().max(1024).mime(["image/png", "image/jpeg"]),
    attachments: z.array(z.file().max(2048)).optional(),
  }),
};

/** `Page<T>`: one function of the item schema, one named component per instantiation. */
const page = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), total: z.int() }).meta({ id: name });

/** The document-only shapes, written with Zod 4 (`.meta()` carries descriptions and examples). */
export const documents: DocumentFixtures = {
  userPage: page(fixtures.user as z.ZodType, "UserPage"),
  addressPage: page(Address, "AddressPage"),
  person: z
    .object({
      name: z.string().meta({ description: "Full name", examples: ["Ada Lovelace"] }),
      email: z.email().meta({ description: "Where to write" }),
    })
    .meta({ id: "Person", description: "Someone who uses the service" }),
};
