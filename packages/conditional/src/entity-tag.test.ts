import { describe, expect, it } from "vitest";
import {
  entityTag,
  parseEntityTag,
  parseEntityTagList,
  strongMatch,
  weakMatch,
} from "./entity-tag.js";

const tag = (text: string) =>
  parseEntityTag(text) as NonNullable<ReturnType<typeof parseEntityTag>>;

describe("entity-tags (RFC 9110 section 8.8.3)", () => {
  it("parses strong and weak tags and refuses what is not one", () => {
    expect(parseEntityTag('"xyzzy"')).toEqual({ weak: false, opaque: "xyzzy" });
    expect(parseEntityTag('W/"xyzzy"')).toEqual({ weak: true, opaque: "xyzzy" });
    expect(parseEntityTag('""')).toEqual({ weak: false, opaque: "" });
    for (const bad of ["xyzzy", 'w/"x"', '"a b"', '"x', 'W/ "x"', '"x"y']) {
      expect(parseEntityTag(bad), bad).toBeUndefined();
    }
  });

  it("compares as the RFC's table says", () => {
    // ETag 1, ETag 2, strong comparison, weak comparison (section 8.8.3.2).
    const table: [string, string, boolean, boolean][] = [
      ['W/"1"', 'W/"1"', false, true],
      ['W/"1"', 'W/"2"', false, false],
      ['W/"1"', '"1"', false, true],
      ['"1"', '"1"', true, true],
    ];
    for (const [a, b, strong, weak] of table) {
      expect(strongMatch(tag(a), tag(b)), `${a} ${b}`).toBe(strong);
      expect(weakMatch(tag(a), tag(b)), `${a} ${b}`).toBe(weak);
    }
  });

  it("reads If-Match and If-None-Match lists, with commas inside quotes and junk dropped", () => {
    expect(parseEntityTagList(" * ")).toBe("*");
    expect(parseEntityTagList('"a", W/"b",  "c,d"')).toEqual([
      { weak: false, opaque: "a" },
      { weak: true, opaque: "b" },
      { weak: false, opaque: "c,d" },
    ]);
    expect(parseEntityTagList('bare, "ok"')).toEqual([{ weak: false, opaque: "ok" }]);
    expect(parseEntityTagList("")).toEqual([]);
  });

  it("writes a handler's validator as a tag, hashing what a tag cannot hold", () => {
    expect(entityTag(7)).toBe('"7"');
    expect(entityTag("v7", { weak: true })).toBe('W/"v7"');
    expect(entityTag(12n)).toBe('"12"');
    expect(entityTag(new Date(1_700_000_000_000))).toBe('"1700000000000"');
    const hashed = entityTag('has "quotes" and spaces');
    expect(hashed).toMatch(/^"[0-9a-f]{16}"$/);
    expect(entityTag('has "quotes" and spaces')).toBe(hashed);
    expect(entityTag("")).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it("hashes each validator it cannot send as it is to its own tag: two versions never share one", () => {
    // Validators a tag cannot hold as they are (a space, a quote, a non-ASCII letter): hashed.
    const pairs: [string, string][] = [
      ["rev 1", "rev 2"],
      ["Fri, 02 Jan 2026 10:00:00 GMT", "Fri, 02 Jan 2026 10:00:01 GMT"],
      ['say "a"', 'say "b"'],
      ["café-1", "café-2"],
    ];
    for (const [older, newer] of pairs) {
      expect(entityTag(older), older).toMatch(/^"[0-9a-f]{16}"$/);
      expect(entityTag(newer), `${older} / ${newer}`).not.toBe(entityTag(older));
      expect(entityTag(older, { weak: true }), older).not.toBe(entityTag(newer, { weak: true }));
    }
    // And none of them is the tag of the empty validator.
    for (const validator of pairs.flat()) {
      expect(entityTag(validator), validator).not.toBe(entityTag(""));
    }
  });
});
