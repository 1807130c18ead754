import { describe, expect, it } from "vitest";
import { decodePathParam, InvalidEncodingError, parseQuery, pathOf, queryOf } from "./url-parts.js";

describe("url parts", () => {
  it("slices the raw path and query of absolute URLs", () => {
    expect(pathOf("http://h/users/a%20b?x=1#f")).toBe("/users/a%20b");
    expect(pathOf("https://h:8080/")).toBe("/");
    expect(pathOf("http://h//users/")).toBe("//users/");
    expect(pathOf("http://h/a#x?y")).toBe("/a");
    expect(queryOf("http://h/a?x=1&y=2#z")).toBe("x=1&y=2");
    expect(queryOf("http://h/a#x?y")).toBe("");
    expect(queryOf("http://h/a")).toBe("");
  });

  it("slices origin-less request targets (what Bun gives when the Host header is unusable)", () => {
    expect(pathOf("/users?page=0")).toBe("/users");
    expect(queryOf("/users?page=0")).toBe("page=0");
    expect(pathOf("//users/")).toBe("//users/");
    expect(pathOf("/")).toBe("/");
  });

  it("parses the query into a prototype-free record with arrays for repeated keys", () => {
    const query = parseQuery("a=1&b=x+y&a=2&a=3&c=%E2%82%AC&__proto__=p");
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect({ ...query }).toEqual({ a: ["1", "2", "3"], b: "x y", c: "€", ["__proto__"]: "p" });
  });

  it("splits like the URL standard's form parser, with and without anything to decode", () => {
    const standard = (text: string) => {
      const record: Record<string, string | string[]> = Object.create(null);
      // A leading "&" keeps the constructor from dropping a leading "?" (the form parser keeps it).
      for (const [key, value] of new URLSearchParams(`&${text}`)) {
        const existing = record[key];
        record[key] =
          existing === undefined
            ? value
            : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
      return record;
    };
    const corpus = [
      "a",
      "a=",
      "=b",
      "=",
      "&&a=1&&",
      "a=1=2",
      "?a=1",
      "??a=%3F",
      "a=1&a=&a",
      "page=2&limit=10",
      "a=%",
      "a=%zz&b=%E2%82%AC",
      "a=%EF%BF%BD",
      "a+b=c+d",
      "x=%E2%82%AC&x=€",
      "k=€&ü=1&k",
      "constructor=1&toString=2&__proto__=3",
      ";a=1;b=2",
    ];
    for (const text of corpus) {
      expect(Object.entries(parseQuery(text)), text).toEqual(Object.entries(standard(text)));
    }
  });

  it("refuses percent-encoded bytes that are not UTF-8 instead of turning them into U+FFFD", () => {
    for (const text of ["b=%E2%82", "a=%FF", "%C3%28=1", "a=1&b=%ED%A0%80", "x=%F0%9F%98"]) {
      expect(() => parseQuery(text), text).toThrow(InvalidEncodingError);
    }
    // U+FFFD sent as such is data; "%zz" is not percent-encoding and stays as written.
    expect(parseQuery("a=%EF%BF%BD&b=\uFFFD&c=%zz")).toEqual({
      a: "\uFFFD",
      b: "\uFFFD",
      c: "%zz",
    });
  });

  it("decodes path parameters once and refuses bad escapes and NUL", () => {
    expect(decodePathParam("a%20b")).toBe("a b");
    expect(decodePathParam("a%2Fb")).toBe("a/b");
    expect(decodePathParam("%2541")).toBe("%41");
    expect(decodePathParam("a+b")).toBe("a+b");
    expect(decodePathParam("%ZZ")).toBeUndefined();
    expect(decodePathParam("%E2%82")).toBeUndefined();
    expect(decodePathParam("a%00b")).toBeUndefined();
  });
});

describe("url parts, the edges a mutation run found untested", () => {
  it("gives / for a URL without a path, and leaves a fragment out of the path", () => {
    expect(pathOf("http://host")).toBe("/");
    expect(pathOf("http://host/p#frag")).toBe("/p");
    expect(pathOf("http://host/p?q=1#frag")).toBe("/p");
  });

  it("keeps a key without = apart from the pair after it", () => {
    expect({ ...parseQuery("a&b=1") }).toEqual({ a: "", b: "1" });
    expect({ ...parseQuery("a&&b") }).toEqual({ a: "", b: "" });
  });

  it("says what was wrong with the bytes it refuses", () => {
    expect(() => parseQuery("name=%C3")).toThrow("percent-encoded bytes that are not UTF-8");
  });
});
