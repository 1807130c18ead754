import { describe, expect, it } from "vitest";
import { parseCookies } from "./cookies.js";

describe("parseCookies", () => {
  it("parses pairs, decodes values, keeps the first of two equal names", () => {
    const cookies = parseCookies('a=1%202; b = two ; c="quoted"; a=3; bad%=x%ZZ; noequals; =x');
    expect({ ...cookies }).toEqual({ a: "1 2", b: "two", c: "quoted", "bad%": "x%ZZ" });
  });

  it("returns a prototype-free record, even for hostile names", () => {
    const cookies = parseCookies("__proto__=polluted; constructor=x");
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(Object.entries(cookies)).toContainEqual(["__proto__", "polluted"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseCookies(null)).toEqual(Object.create(null));
  });

  it("unquotes only a value both opened and closed by a quote", () => {
    const cookies = parseCookies('a=""; b="; c="open; d=closed"; e="x"y');
    expect({ ...cookies }).toEqual({ a: "", b: '"', c: '"open', d: 'closed"', e: '"x"y' });
  });

  it("refuses well-formed escapes of bytes that are not UTF-8, saying so", () => {
    expect(() => parseCookies("a=%FF%FE")).toThrow("percent-encoded bytes that are not UTF-8");
  });
});
