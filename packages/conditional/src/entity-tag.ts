/**
 * One entity-tag (RFC 9110 section 8.8.3): its opaque part, without the quotes, and whether it is
 * weak (`W/"..."`). Two tags match strongly when both are strong and their opaque parts are equal,
 * weakly when their opaque parts are equal (section 8.8.3.2).
 */
export interface EntityTag {
  readonly weak: boolean;
  readonly opaque: string;
}

// etagc = %x21 / %x23-7E / obs-text: no space, no quote, no control character.
const etagc = /^[\x21\x23-\x7e\x80-\xff]*$/;
const single = /^(W\/)?"([^"]*)"$/;

/** Parses one entity-tag as sent in `ETag`; undefined when it is not one. */
export function parseEntityTag(text: string): EntityTag | undefined {
  const match = single.exec(text.trim());
  if (!match || !etagc.test(match[2] as string)) return undefined;
  return { weak: match[1] !== undefined, opaque: match[2] as string };
}

/**
 * The value of `If-Match` or `If-None-Match`: `"*"`, or the list's entity-tags. Members that are
 * not entity-tags are dropped: a list of only such members matches nothing.
 */
export function parseEntityTagList(value: string): "*" | readonly EntityTag[] {
  if (value.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  // A comma may sit inside a quoted opaque part: split on commas outside quotes.
  for (const member of value.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const tag = parseEntityTag(member);
    if (tag) tags.push(tag);
  }
  return tags;
}

/** Strong comparison: both strong, same opaque part. */
export const strongMatch = (a: EntityTag, b: EntityTag): boolean =>
  !a.weak && !b.weak && a.opaque === b.opaque;

/** Weak comparison: same opaque part, either or both weak. */
export const weakMatch = (a: EntityTag, b: EntityTag): boolean => a.opaque === b.opaque;

/** An entity-tag written as `ETag` sends it. */
export const formatEntityTag = (opaque: string, weak: boolean): string =>
  weak ? `W/"${opaque}"` : `"${opaque}"`;

/** How `entityTag` writes a validator. */
export interface EntityTagOptions {
  /** A weak tag (`W/"..."`): equivalent, not byte-identical, representations share it. */
  readonly weak?: boolean;
}

/**
 * The `ETag` value of a handler's own validator, such as a version column or an update time:
 * `entityTag(7)` is `"7"`, `entityTag("v7", { weak: true })` is `W/"v7"`. A validator with
 * characters an entity-tag cannot hold (quotes, spaces, control characters) is sent as a hash.
 *
 * @example
 * this.setHeader("ETag", entityTag(user.version));
 */
export function entityTag(
  validator: string | number | bigint | Date,
  options?: EntityTagOptions,
): string {
  const text =
    validator instanceof Date ? String(validator.getTime()) : String(validator as string);
  const opaque = text !== "" && etagc.test(text) && !/[\x80-\xff]/.test(text) ? text : hashed(text);
  return formatEntityTag(opaque, options?.weak === true);
}

/** The opaque part of a tag computed from bytes or text: a 64-bit hash, in hex. */
export function hashed(content: string | Uint8Array): string {
  return Bun.hash(content).toString(16).padStart(16, "0");
}
