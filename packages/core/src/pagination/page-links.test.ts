import { describe, expect, it } from "vitest";
import { linkHeader } from "./link-header.js";
import { cursorLinks, pageLinks } from "./page-links.js";

/** A `Link` header as `{ rel: target }`. */
const rels = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? "")
      .split(", <")
      .filter(Boolean)
      .map((link) => {
        const [, target, rel] = /^<?([^>]*)>; rel="([^"]+)"$/.exec(link) ?? [];
        return [rel, target];
      }),
  );

describe("pageLinks", () => {
  const url = "http://internal:3000/users?page=2&limit=10&q=a%20b";

  it("links first, prev, next and last from the request's path, other parameters kept", () => {
    const header = pageLinks({ url, page: 2, pageSize: 10, total: 45, sizeParam: "limit" });
    expect(header).toBe(
      '</users?page=1&limit=10&q=a+b>; rel="first", </users?page=1&limit=10&q=a+b>; rel="prev", </users?page=3&limit=10&q=a+b>; rel="next", </users?page=5&limit=10&q=a+b>; rel="last"',
    );
  });

  it("leaves out prev on the first page and next on the last", () => {
    expect(Object.keys(rels(pageLinks({ url, page: 1, pageSize: 10, total: 45 })))).toEqual([
      "first",
      "next",
      "last",
    ]);
    expect(Object.keys(rels(pageLinks({ url, page: 5, pageSize: 10, total: 45 })))).toEqual([
      "first",
      "prev",
      "last",
    ]);
    expect(pageLinks({ url, page: 1, pageSize: 10, total: 10 })).toBeUndefined();
    expect(pageLinks({ url, page: 1, pageSize: 10, total: 0 })).toBeUndefined();
  });

  it("points prev past the end back to the last page", () => {
    expect(rels(pageLinks({ url, page: 9, pageSize: 10, total: 45 })).prev).toBe(
      "/users?page=5&limit=10&q=a+b",
    );
  });

  it("without a total, links next only when told there is more, and no last", () => {
    const more = rels(pageLinks({ url, page: 2, pageSize: 10, hasMore: true }));
    expect(Object.keys(more)).toEqual(["first", "prev", "next"]);
    const end = rels(pageLinks({ url, page: 2, pageSize: 10 }));
    expect(Object.keys(end)).toEqual(["first", "prev"]);
  });

  it("writes absolute links when asked, with its own page parameter", () => {
    const header = pageLinks({
      url: new URL("https://api.example.com/v1/items?p=1"),
      page: 1,
      pageSize: 5,
      total: 6,
      pageParam: "p",
      absolute: true,
    });
    expect(rels(header).next).toBe("https://api.example.com/v1/items?p=2");
  });

  it("refuses a page, size or total that is not a whole number in range", () => {
    expect(() => pageLinks({ url, page: 0, pageSize: 10 })).toThrow(RangeError);
    expect(() => pageLinks({ url, page: 1, pageSize: 1.5 })).toThrow(RangeError);
    expect(() => pageLinks({ url, page: 1, pageSize: 10, total: -1 })).toThrow(RangeError);
  });
});

describe("cursorLinks", () => {
  it("links next and prev with their cursors, and first without one after the first page", () => {
    const url = "http://x/events?cursor=c2&type=a";
    expect(rels(cursorLinks({ url, next: "c3", prev: "c1" }))).toEqual({
      first: "/events?type=a",
      prev: "/events?cursor=c1&type=a",
      next: "/events?cursor=c3&type=a",
    });
    expect(
      rels(cursorLinks({ url: "http://x/events", next: "a/b+c", cursorParam: "after" })),
    ).toEqual({
      next: "/events?after=a%2Fb%2Bc",
    });
    expect(cursorLinks({ url, next: null })).toBeUndefined();
  });
});

describe("linkHeader", () => {
  it("quotes relation types, encodes what a target may not hold and refuses bad relations", () => {
    expect(linkHeader([{ href: "/a b<c>", rel: "next" }])).toBe('</a%20b%3Cc%3E>; rel="next"');
    expect(linkHeader([])).toBeUndefined();
    expect(() => linkHeader([{ href: "/a", rel: 'next"; x="' }])).toThrow(RangeError);
  });
});
