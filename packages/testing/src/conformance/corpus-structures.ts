import { accept, type CorpusCase, reject } from "./corpus-case.js";

const address = '{"street":"1 Main St","city":"Springfield"}';

/** `recipient` string, `address` a required Address (`street`, `city` non-empty). */
export const shipmentCases: readonly CorpusCase[] = [
  accept("a shipment", `{"recipient":"Ada","address":${address}}`),
  accept(
    "undeclared properties at both levels",
    '{"recipient":"Ada","note":"x","address":{"street":"s","city":"c","geo":{"lat":1}}}',
    [["note"], ["address", "geo"]],
  ),
  accept(
    "a nested __proto__ key",
    '{"recipient":"Ada","address":{"street":"s","city":"c","__proto__":{"polluted":true}}}',
    [["address", "__proto__"]],
  ),
  reject("a missing address", '{"recipient":"Ada"}', ["address"]),
  reject("a null address", '{"recipient":"Ada","address":null}', ["address"]),
  reject("an address as string", '{"recipient":"Ada","address":"1 Main St"}', ["address"]),
  reject("an empty array as address", '{"recipient":"Ada","address":[]}', ["address"]),
  reject("an array holding the address", `{"recipient":"Ada","address":[${address}]}`, ["address"]),
  reject("an empty street", '{"recipient":"Ada","address":{"street":"","city":"c"}}', [
    "address",
    "street",
  ]),
  reject("a missing city", '{"recipient":"Ada","address":{"street":"s"}}', ["address", "city"]),
  reject("a numeric city", '{"recipient":"Ada","address":{"street":"s","city":9}}', [
    "address",
    "city",
  ]),
];

const item = (sku: string, quantity: unknown) => JSON.stringify({ sku, quantity });

/** `items`: 1..3 LineItems (`sku` non-empty, `quantity` integer 1..100). */
export const cartCases: readonly CorpusCase[] = [
  accept("one item", `{"items":[${item("A-1", 1)}]}`),
  accept("three items", `{"items":[${item("A", 1)},${item("B", 100)},${item("C", 50)}]}`),
  accept(
    "undeclared properties inside items",
    '{"items":[{"sku":"A","quantity":1,"price":0},{"sku":"B","quantity":2}]}',
    [["items", 0, "price"]],
  ),
  reject("no items", '{"items":[]}', ["items"]),
  reject("four items", `{"items":[${[1, 2, 3, 4].map((n) => item(`S${n}`, n)).join(",")}]}`, [
    "items",
  ]),
  reject("an item with quantity 0", `{"items":[${item("A", 1)},${item("B", 0)}]}`, [
    "items",
    1,
    "quantity",
  ]),
  reject("an item with an empty sku", `{"items":[${item("", 1)}]}`, ["items", 0, "sku"]),
  reject("an item with a fractional quantity", `{"items":[${item("A", 1.5)}]}`, [
    "items",
    0,
    "quantity",
  ]),
  reject("an object instead of the array", `{"items":${item("A", 1)}}`, ["items"]),
  reject("a null item", '{"items":[null]}', ["items", 0]),
  reject("a string item", '{"items":["A"]}', ["items", 0]),
  reject("an item wrapped in an array", `{"items":[[${item("A", 1)}]]}`, ["items", 0]),
  reject("items as string", '{"items":"A"}', ["items"]),
  reject("missing items", "{}", ["items"]),
];

/** `pet`: `{ kind: "cat", lives: 0..9 }` or `{ kind: "dog", goodBoy: boolean }`. */
export const adoptionCases: readonly CorpusCase[] = [
  accept("a cat", '{"pet":{"kind":"cat","lives":9}}'),
  accept("a dog", '{"pet":{"kind":"dog","goodBoy":true}}'),
  accept("a cat with a dog's property", '{"pet":{"kind":"cat","lives":3,"goodBoy":false}}', [
    ["pet", "goodBoy"],
  ]),
  reject("an unknown kind", '{"pet":{"kind":"cow","lives":1}}', ["pet"]),
  reject("a missing kind", '{"pet":{"lives":1}}', ["pet"]),
  reject("a cat without lives", '{"pet":{"kind":"cat","goodBoy":true}}', ["pet"]),
  reject("a cat with 10 lives", '{"pet":{"kind":"cat","lives":10}}', ["pet"]),
  reject("a dog with a string goodBoy", '{"pet":{"kind":"dog","goodBoy":"yes"}}', ["pet"]),
  reject("a pet as string", '{"pet":"cat"}', ["pet"]),
  reject("a null pet", '{"pet":null}', ["pet"]),
  reject("an array holding a pet", '{"pet":[{"kind":"cat","lives":1}]}', ["pet"]),
];
