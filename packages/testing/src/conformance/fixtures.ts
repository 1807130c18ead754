/**
 * The shapes every adapter builds with its own library for the conformance suite. Each adapter's
 * `src/conformance.fixtures.ts` exports one `ConformanceFixtures` object; the suite feeds every
 * shape the same corpus (corpus.ts) and expects the same decisions from all four adapters.
 *
 * Named models must be registered as components under the names given here, so the suite can
 * check that references resolve.
 */
export interface ConformanceFixtures {
  /** SPEC's create-user input, named "CreateUser": `name` non-empty string, `email` e-mail format. */
  readonly createUser: unknown;
  /** SPEC's user, named "User": `id`, `name`, `email`, plain strings. */
  readonly user: unknown;
  /**
   * Optional and nullable fields: `title` string (required); `nickname` optional string (absent
   * allowed, null not); `deletedAt` required string or null; `bio` optional string or null.
   */
  readonly profile: unknown;
  /**
   * Bounds: `age` integer 0..150 (inclusive); `score` number 0..100 (inclusive); `count` optional
   * integer without declared bounds (absent allowed, null not), which must still refuse integers
   * beyond ±(2^53 - 1) that JSON parsing rounds.
   */
  readonly bounds: unknown;
  /**
   * String length and pattern: `username` 3..20 characters; `slug` matching
   * `^[a-z0-9]+(?:-[a-z0-9]+)*$`.
   */
  readonly strings: unknown;
  /** Enums: `role` one of "admin" | "member"; `priority` one of 1 | 2 | 3. */
  readonly enums: unknown;
  /** Formats: `email` e-mail, `id` uuid, `createdAt` date-time (RFC 3339, offsets allowed). */
  readonly formats: unknown;
  /**
   * Nested object: `recipient` string; `address` a required "Address" model with `street` and
   * `city`, both non-empty strings.
   */
  readonly shipment: unknown;
  /**
   * Array of objects: `items`, 1..3 "LineItem" models, each `sku` non-empty string and
   * `quantity` integer 1..100.
   */
  readonly cart: unknown;
  /**
   * Discriminated union: `pet` is either a "Cat" model `{ kind: "cat", lives: integer 0..9 }` or a
   * "Dog" model `{ kind: "dog", goodBoy: boolean }` (both named: the document maps to them).
   */
  readonly adoption: unknown;
  /** All-optional query object, compiled for the query target: `q` string up to 50, `page` integer 1..1000. */
  readonly search: unknown;
  /**
   * A schema of `{ name: string }` whose validation throws from user code (a refinement, a custom
   * check, a custom format) whenever `name` is "boom". Accepts any other string name.
   */
  readonly throwing: unknown;
  /**
   * A multipart body (uploads.ts): `title` string of 1..20 characters; `count` optional integer
   * 0..10 (sent as text, coerced by core); `avatar` one file of at most 1024 bytes, `image/png` or
   * `image/jpeg`; `attachments` optional, one or several files of at most 2048 bytes each, any type.
   */
  readonly upload: unknown;
}

/**
 * Shapes only the document suite uses (document-conformance.ts): the same models, written with
 * each library, must be documented alike.
 */
export interface DocumentFixtures {
  /**
   * A generic wrapper `Page<T>` = `{ items: T[], total: integer }`, both required, written once
   * as a function of the item, instantiated for the "User" model as "UserPage"...
   */
  readonly userPage: unknown;
  /** ... and for the "Address" model as "AddressPage". */
  readonly addressPage: unknown;
  /**
   * "Person", described "Someone who uses the service": `name` string described "Full name" with
   * the example "Ada Lovelace", `email` e-mail format described "Where to write"; both required.
   */
  readonly person: unknown;
}

/** The corpus-driven shapes (everything but `throwing` and the multipart `upload`). */
export type ShapeName = Exclude<keyof ConformanceFixtures, "throwing" | "upload">;

/** Component names the suite expects for named models. */
export const expectedComponents = {
  createUser: "CreateUser",
  user: "User",
  address: "Address",
  lineItem: "LineItem",
} as const;
