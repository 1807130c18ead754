import type { ConformanceFixtures } from "@trellis/testing/conformance";
import { type } from "arktype";

// ArkType's documented way to add a metadata key: `id` names a model (a component).
declare global {
  interface ArkEnv {
    meta(): { id?: string };
  }
}

// RFC 3339 date-time (ArkType's string.date.iso also takes a date alone); days per month unchecked.
const dateTime =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const Address = type({ street: "string > 0", city: "string > 0" }).configure({ id: "Address" });
const LineItem = type({ sku: "string > 0", quantity: "1 <= number.integer <= 100" }).configure({
  id: "LineItem",
});

/** The conformance shapes, written with ArkType 2 (Standard Schema and Standard JSON Schema). */
export const fixtures: ConformanceFixtures = {
  createUser: type({ name: "string > 0", email: "string.email" }).configure({ id: "CreateUser" }),
  user: type({ id: "string", name: "string", email: "string" }).configure({ id: "User" }),
  profile: type({
    title: "string",
    "nickname?": "string",
    deletedAt: "string | null",
    "bio?": "string | null",
  }),
  bounds: type({
    age: "0 <= number.integer <= 150",
    score: "0 <= number <= 100",
    "count?": "number.integer",
  }),
  strings: type({ username: "3 <= string <= 20", slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ }),
  enums: type({ role: "'admin' | 'member'", priority: "1 | 2 | 3" }),
  formats: type({ email: "string.email", id: "string.uuid", createdAt: dateTime }),
  shipment: type({ recipient: "string", address: Address }),
  cart: type({ items: LineItem.array().atLeastLength(1).atMostLength(3) }),
  adoption: type({
    pet: type({ kind: "'cat'", lives: "0 <= number.integer <= 9" }).or({
      kind: "'dog'",
      goodBoy: "boolean",
    }),
  }),
  search: type({ "q?": "string <= 50", "page?": "1 <= number.integer <= 1000" }),
  throwing: type({
    name: type("string").narrow((name) => {
      if (name === "boom") throw new Error("boom from user code");
      return true;
    }),
  }),
};
