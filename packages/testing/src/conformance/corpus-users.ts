import { accept, type CorpusCase, reject } from "./corpus-case.js";

const ada = '"name":"Ada","email":"ada@example.com"';

/** SPEC's create-user input: `name` non-empty string, `email` e-mail. */
export const createUserCases: readonly CorpusCase[] = [
  accept("the SPEC example", `{${ada}}`),
  accept(
    "a single-space name (non-empty is not non-blank)",
    '{"name":" ","email":"ada@example.com"}',
  ),
  accept("a unicode name", '{"name":"Zoë Ñandú 🌳 李","email":"zoe@example.com"}'),
  accept("a long name", `{"name":"${"a".repeat(5000)}","email":"ada@example.com"}`),
  accept("a NUL character in the name", '{"name":"a\\u0000b","email":"ada@example.com"}'),
  accept(
    "an e-mail with dots, plus and subdomains",
    '{"name":"Ada","email":"ada.lovelace+tag@mail.example.co.uk"}',
  ),
  accept("an undeclared property (mass assignment)", `{${ada},"role":"admin"}`, [["role"]]),
  accept("an undeclared object property", `{${ada},"isAdmin":{"really":true}}`, [["isAdmin"]]),
  accept("a __proto__ key", `{${ada},"__proto__":{"polluted":true}}`, [["__proto__"]]),
  accept("a constructor.prototype key", `{${ada},"constructor":{"prototype":{"polluted":true}}}`, [
    ["constructor"],
  ]),
  reject("an empty name", '{"name":"","email":"ada@example.com"}', ["name"]),
  reject("a missing name", '{"email":"ada@example.com"}', ["name"]),
  reject("a missing email", '{"name":"Ada"}', ["email"]),
  reject("a null name", '{"name":null,"email":"ada@example.com"}', ["name"]),
  reject("a numeric name (no coercion to string)", '{"name":5,"email":"ada@example.com"}', [
    "name",
  ]),
  reject("a boolean name", '{"name":true,"email":"ada@example.com"}', ["name"]),
  reject("an array name", '{"name":["Ada"],"email":"ada@example.com"}', ["name"]),
  reject("an object name", '{"name":{"first":"Ada"},"email":"ada@example.com"}', ["name"]),
  reject("an e-mail without @", '{"name":"Ada","email":"ada.example.com"}', ["email"]),
  reject("an e-mail without domain", '{"name":"Ada","email":"ada@"}', ["email"]),
  reject("an e-mail without local part", '{"name":"Ada","email":"@example.com"}', ["email"]),
  reject("an e-mail without top-level domain", '{"name":"Ada","email":"ada@example"}', ["email"]),
  reject("an e-mail with a space", '{"name":"Ada","email":"ada lovelace@example.com"}', ["email"]),
  reject("an e-mail with two @", '{"name":"Ada","email":"ada@@example.com"}', ["email"]),
  reject("an empty e-mail", '{"name":"Ada","email":""}', ["email"]),
  reject("a numeric e-mail", '{"name":"Ada","email":42}', ["email"]),
  reject("an empty object", "{}"),
  reject("both fields wrong", '{"name":"","email":"nope"}', ["email"]),
];

/** SPEC's user: `id`, `name`, `email`, plain strings without constraints. */
export const userCases: readonly CorpusCase[] = [
  accept("a user", '{"id":"42","name":"Ada","email":"ada@example.com"}'),
  accept("empty strings (no constraints)", '{"id":"","name":"","email":""}'),
  accept(
    "a non-e-mail email (no format on User)",
    '{"id":"1","name":"Ada","email":"not-an-email"}',
  ),
  accept(
    "an undeclared password hash",
    '{"id":"1","name":"Ada","email":"a@b.co","passwordHash":"x"}',
    [["passwordHash"]],
  ),
  reject(
    "a numeric id (no coercion to string)",
    '{"id":42,"name":"Ada","email":"ada@example.com"}',
    ["id"],
  ),
  reject("a missing id", '{"name":"Ada","email":"ada@example.com"}', ["id"]),
  reject("a null email", '{"id":"1","name":"Ada","email":null}', ["email"]),
];
