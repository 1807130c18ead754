import { describe, expect, it } from "vitest";
import { contentEtag, ifNoneMatchMatches } from "./etag.js";

const encode = (text: string) => new TextEncoder().encode(text);

describe("contentEtag", () => {
  it("is a quoted strong tag that depends only on the content", () => {
    const tag = contentEtag(encode("hello"));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(contentEtag(encode("hello"))).toBe(tag);
    expect(contentEtag(encode("hello!"))).not.toBe(tag);
  });
});

describe("ifNoneMatchMatches", () => {
  const tag = contentEtag(encode("body"));

  it("matches the same tag, alone or in a list, weak or strong", () => {
    expect(ifNoneMatchMatches(tag, tag)).toBe(true);
    expect(ifNoneMatchMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches("*", tag)).toBe(true);
  });

  it("does not match a missing header, another tag or an unquoted value", () => {
    expect(ifNoneMatchMatches(null, tag)).toBe(false);
    expect(ifNoneMatchMatches('"other"', tag)).toBe(false);
    expect(ifNoneMatchMatches(tag.slice(1, -1), tag)).toBe(false);
    expect(ifNoneMatchMatches("", tag)).toBe(false);
  });
});
