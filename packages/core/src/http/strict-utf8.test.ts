import { describe, expect, it } from "vitest";
import { decodeComponentStrict, decodeUtf8, headerValueUtf8 } from "./strict-utf8.js";

describe("decodeComponentStrict", () => {
  it("decodes + as a space and escapes as UTF-8 bytes, beside raw characters of every width", () => {
    expect(decodeComponentStrict("a+b")).toBe("a b");
    expect(decodeComponentStrict("caf%C3%A9")).toBe("café");
    expect(decodeComponentStrict("%41%42c")).toBe("ABc");
    expect(decodeComponentStrict("é%20x")).toBe("é x");
    expect(decodeComponentStrict("😀%21")).toBe("😀!");
  });

  it("leaves a % without two hex digits as written", () => {
    for (const kept of ["100%", "%zz", "%4", "a%g1"])
      expect(decodeComponentStrict(kept)).toBe(kept);
  });

  it("refuses escapes that are not UTF-8", () => {
    for (const bad of ["%FF", "%C3", "x%C3%28", "%ED%A0%80"]) {
      expect(decodeComponentStrict(bad), bad).toBeUndefined();
    }
  });
});

describe("decodeUtf8 and headerValueUtf8", () => {
  it("decode valid bytes and give undefined for invalid ones", () => {
    expect(decodeUtf8(new Uint8Array([0x63, 0xc3, 0xa9]))).toBe("cé");
    expect(decodeUtf8(new Uint8Array([0xc3]))).toBeUndefined();
  });

  it("read a header's byte-per-character value as UTF-8, and leave text as it is", () => {
    expect(headerValueUtf8("plain")).toBe("plain");
    expect(headerValueUtf8("\u00c3\u00a9")).toBe("é");
    expect(headerValueUtf8("\u00ff")).toBeUndefined(); // the byte 0xFF alone
    expect(headerValueUtf8("price: €5")).toBe("price: €5"); // above 0xFF: text already
  });
});
