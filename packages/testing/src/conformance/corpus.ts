import { type CorpusCase, reject } from "./corpus-case.js";
import {
  boundsCases,
  enumsCases,
  formatsCases,
  profileCases,
  searchCases,
  stringsCases,
} from "./corpus-fields.js";
import { adoptionCases, cartCases, shipmentCases } from "./corpus-structures.js";
import { createUserCases, userCases } from "./corpus-users.js";
import type { ShapeName } from "./fixtures.js";

/** Values where an object is expected: every shape rejects them, at the root. */
const notAnObject: readonly CorpusCase[] = [
  reject("a missing value", undefined),
  reject("null", "null"),
  reject("true", "true"),
  reject("zero", "0"),
  reject("a number", "12.5"),
  reject("an empty string", '""'),
  reject("a string", '"{}"'),
  reject("an empty array", "[]"),
  reject("an array of one empty object", "[{}]"),
  reject("an array of nulls", "[null,null]"),
];

/** The shared corpus: per shape, the inputs and the decision all four adapters must make. */
export const corpus: Readonly<Record<ShapeName, readonly CorpusCase[]>> = {
  createUser: [...createUserCases, ...notAnObject],
  user: [...userCases, ...notAnObject],
  profile: [...profileCases, ...notAnObject],
  bounds: [...boundsCases, ...notAnObject],
  strings: [...stringsCases, ...notAnObject],
  enums: [...enumsCases, ...notAnObject],
  formats: [...formatsCases, ...notAnObject],
  shipment: [...shipmentCases, ...notAnObject],
  cart: [...cartCases, ...notAnObject],
  adoption: [...adoptionCases, ...notAnObject],
  search: [...searchCases, ...notAnObject],
};

/**
 * Inputs left out of the agreement corpus because the libraries (or Ajv's formats, the oracle)
 * genuinely disagree on them, found by running each through all four adapters and Ajv. They are
 * listed so nobody adds them back by accident; each adapter's README states its own behaviour.
 */
export const leftOut: readonly { readonly inputs: readonly string[]; readonly reason: string }[] = [
  {
    inputs: ["zoë@example.com", "ada@mañana.com", '"a b"@example.com'],
    reason: "class-validator (validator.js) accepts UTF-8 and quoted local parts and IDN domains",
  },
  {
    inputs: ["a%b@example.com", "a!b@example.com", "a{b@example.com", "a'b@example.com"],
    reason: "RFC 5322 atext specials: Zod rejects %!{ , Valibot also rejects the apostrophe",
  },
  {
    inputs: ["a@b.c", "ada@example.c0m", "ada@127.0.0.1"],
    reason: "ajv-formats accepts one-letter and numeric top-level domains; the libraries do not",
  },
  {
    inputs: ["ada@xn--bcher-kva.example", "ada@sub-.example.com", `${"a".repeat(65)}@example.com`],
    reason:
      "Valibot rejects '--' in labels, Zod accepts a label ending in '-', class-validator caps the local part at 64",
  },
  {
    inputs: ["3f8a2b1c-9d4e-4f6a-cb7c-1d2e3f4a5b6c", "3f8a2b1c-9d4e-0f6a-8b7c-1d2e3f4a5b6c"],
    reason:
      "class-validator and Zod check the RFC 9562 version and variant digits; the others any hex",
  },
  {
    inputs: ["urn:uuid:3f8a2b1c-9d4e-4f6a-8b7c-1d2e3f4a5b6c"],
    reason: "ajv-formats accepts the urn:uuid: prefix",
  },
  {
    inputs: ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z"],
    reason: "class-validator (isRFC3339) and Valibot (isoTimestamp) do not check days per month",
  },
  {
    inputs: ["2024-05-01 12:30:00Z", "2024-05-01t12:30:00z", "2024-05-01T23:59:60Z"],
    reason:
      "a space separator, lower-case t/z and leap seconds are accepted by some and not others",
  },
  {
    inputs: [
      "2024-05-01T12:30:00+0200",
      "2024-05-01T12:30:00+02",
      "2024-05-01T12:30:00.1234567891Z",
    ],
    reason:
      "Valibot and Ajv accept offsets without colon or minutes; Valibot caps fractions at 9 digits",
  },
  {
    inputs: ["🌳🌳 (a 3-character minimum)", "a\uFE0Fb"],
    reason:
      "string length: TypeBox and Valibot count UTF-16 code units, Zod and Ajv code points; class-validator also skips variation selectors",
  },
];
