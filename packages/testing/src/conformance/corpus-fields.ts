import { accept, type CorpusCase, reject } from "./corpus-case.js";

/** `title` required; `nickname` optional, not nullable; `deletedAt` nullable, required; `bio` both. */
export const profileCases: readonly CorpusCase[] = [
  accept("every field", '{"title":"t","nickname":"n","deletedAt":"2024-01-01","bio":"b"}'),
  accept("only the required fields", '{"title":"t","deletedAt":null}'),
  accept("a null bio", '{"title":"t","deletedAt":"x","bio":null}'),
  accept("an undeclared field", '{"title":"t","deletedAt":null,"admin":true}', [["admin"]]),
  reject(
    "a null nickname (optional is not nullable)",
    '{"title":"t","nickname":null,"deletedAt":null}',
    ["nickname"],
  ),
  reject("a missing deletedAt (nullable is not optional)", '{"title":"t"}', ["deletedAt"]),
  reject("a null title", '{"title":null,"deletedAt":null}', ["title"]),
  reject("a numeric bio", '{"title":"t","deletedAt":null,"bio":1}', ["bio"]),
  reject("a boolean deletedAt", '{"title":"t","deletedAt":false}', ["deletedAt"]),
];

/** `age` integer 0..150, `score` number 0..100, `count` optional integer without bounds. */
export const boundsCases: readonly CorpusCase[] = [
  accept("inside the bounds", '{"age":30,"score":55.5}'),
  accept("the lower bounds", '{"age":0,"score":0}'),
  accept("the upper bounds", '{"age":150,"score":100}'),
  accept("an integer written as 1.0", '{"age":1.0,"score":1}'),
  accept("negative zero", '{"age":-0,"score":-0}'),
  reject("a fractional integer", '{"age":1.5,"score":1}', ["age"]),
  reject("below the minimum", '{"age":-1,"score":1}', ["age"]),
  reject("above the maximum", '{"age":151,"score":1}', ["age"]),
  reject("a score above the maximum", '{"age":1,"score":100.01}', ["score"]),
  reject("a numeric string (no coercion)", '{"age":"42","score":1}', ["age"]),
  reject("an empty string", '{"age":"","score":1}', ["age"]),
  reject("a boolean", '{"age":true,"score":1}', ["age"]),
  reject("null", '{"age":null,"score":1}', ["age"]),
  reject("an array", '{"age":[1],"score":1}', ["age"]),
  reject("a huge number", '{"age":1e308,"score":1}', ["age"]),
  reject("an overflowing number (parses to Infinity)", '{"age":1,"score":1e400}', ["score"]),
  reject("an unsafe integer", '{"age":9007199254740993,"score":1}', ["age"]),
  // An integer means a safe integer: JSON parsing rounds 2^53 + 1 to 2^53, a different number.
  accept("the largest safe integer", '{"age":1,"score":1,"count":9007199254740991}'),
  accept("the smallest safe integer", '{"age":1,"score":1,"count":-9007199254740991}'),
  accept("a count of zero", '{"age":1,"score":1,"count":0}'),
  reject("2^53 + 1 (parses to 2^53)", '{"age":1,"score":1,"count":9007199254740993}', ["count"]),
  reject("-(2^53 + 1)", '{"age":1,"score":1,"count":-9007199254740993}', ["count"]),
  reject("2^53, exactly representable", '{"age":1,"score":1,"count":9007199254740992}', ["count"]),
  reject("an integer in exponent form beyond 2^53", '{"age":1,"score":1,"count":1e20}', ["count"]),
  reject("a fractional count", '{"age":1,"score":1,"count":2.5}', ["count"]),
  reject("a null count (optional is not nullable)", '{"age":1,"score":1,"count":null}', ["count"]),
];

/** `username` 3..20 characters, `slug` matching `^[a-z0-9]+(?:-[a-z0-9]+)*$`. */
export const stringsCases: readonly CorpusCase[] = [
  accept("a plain username and slug", '{"username":"ada","slug":"hello-world-2"}'),
  accept("a 20-character username", `{"username":"${"u".repeat(20)}","slug":"a"}`),
  accept("a unicode username (BMP)", '{"username":"Zoë Ñandú","slug":"x"}'),
  reject("a 2-character username", '{"username":"ad","slug":"a"}', ["username"]),
  reject("a 21-character username", `{"username":"${"u".repeat(21)}","slug":"a"}`, ["username"]),
  reject("an empty username", '{"username":"","slug":"a"}', ["username"]),
  reject("a slug with upper case", '{"username":"ada","slug":"Hello"}', ["slug"]),
  reject("a slug with a trailing dash", '{"username":"ada","slug":"hello-"}', ["slug"]),
  reject("a slug with a space", '{"username":"ada","slug":"a b"}', ["slug"]),
  reject("an empty slug", '{"username":"ada","slug":""}', ["slug"]),
  reject("a slug with a newline", '{"username":"ada","slug":"ab\\ncd"}', ["slug"]),
  reject("a numeric slug", '{"username":"ada","slug":12}', ["slug"]),
];

/** `role` "admin" | "member", `priority` 1 | 2 | 3. */
export const enumsCases: readonly CorpusCase[] = [
  accept("member, priority 1", '{"role":"member","priority":1}'),
  accept("admin, priority 3", '{"role":"admin","priority":3}'),
  reject("an unknown role", '{"role":"root","priority":1}', ["role"]),
  reject("a role in another case", '{"role":"Admin","priority":1}', ["role"]),
  reject("an empty role", '{"role":"","priority":1}', ["role"]),
  reject("a priority outside the set", '{"role":"admin","priority":4}', ["priority"]),
  reject("a priority as string (no coercion)", '{"role":"admin","priority":"1"}', ["priority"]),
  reject("a fractional priority", '{"role":"admin","priority":1.5}', ["priority"]),
  reject("a role as array", '{"role":["admin"],"priority":1}', ["role"]),
];

const uuid = "3f8a2b1c-9d4e-4f6a-8b7c-1d2e3f4a5b6c";
const formats = (email: string, id: string, createdAt: string) =>
  JSON.stringify({ email, id, createdAt });

/** `email` e-mail, `id` uuid, `createdAt` date-time. */
export const formatsCases: readonly CorpusCase[] = [
  accept("valid formats", formats("ada@example.com", uuid, "2024-05-01T12:30:00Z")),
  accept("fractional seconds", formats("ada@example.com", uuid, "2024-05-01T12:30:00.123Z")),
  accept("an offset", formats("ada@example.com", uuid, "2024-05-01T12:30:00+02:00")),
  accept(
    "an upper-case uuid",
    formats("ada@example.com", uuid.toUpperCase(), "2024-05-01T00:00:00Z"),
  ),
  reject(
    "a uuid without dashes",
    formats("a@example.com", uuid.replaceAll("-", ""), "2024-05-01T00:00:00Z"),
    ["id"],
  ),
  reject("a short uuid", formats("a@example.com", uuid.slice(0, -1), "2024-05-01T00:00:00Z"), [
    "id",
  ]),
  reject(
    "a uuid with a non-hex digit",
    formats("a@example.com", `g${uuid.slice(1)}`, "2024-05-01T00:00:00Z"),
    ["id"],
  ),
  reject("a date without time", formats("a@example.com", uuid, "2024-05-01"), ["createdAt"]),
  reject("a time without seconds", formats("a@example.com", uuid, "2024-05-01T12:30Z"), [
    "createdAt",
  ]),
  reject("a month 13", formats("a@example.com", uuid, "2024-13-01T00:00:00Z"), ["createdAt"]),
  reject("hour 24", formats("a@example.com", uuid, "2024-05-01T24:00:00Z"), ["createdAt"]),
  reject("words", formats("a@example.com", uuid, "yesterday"), ["createdAt"]),
  reject("a timestamp number", '{"email":"a@example.com","id":"x","createdAt":1714566600000}', [
    "createdAt",
  ]),
  reject("an invalid e-mail", formats("not-an-email", uuid, "2024-05-01T00:00:00Z"), ["email"]),
];

/** All-optional query object (query target): `q` up to 50 characters, `page` integer 1..1000. */
export const searchCases: readonly CorpusCase[] = [
  accept("no parameters", "{}"),
  accept("both parameters", '{"q":"shoes","page":2}'),
  accept("an unknown parameter", '{"q":"x","utm_source":"mail"}', [["utm_source"]]),
  reject("page 0", '{"page":0}', ["page"]),
  reject("page as string (core coerces before validation, adapters never do)", '{"page":"2"}', [
    "page",
  ]),
  reject("a q too long", `{"q":"${"q".repeat(51)}"}`, ["q"]),
  reject("a null q", '{"q":null}', ["q"]),
  reject("an array instead of the object", "[]"),
  reject("an array holding the object", '[{"q":"x"}]'),
];
