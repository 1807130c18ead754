import { describe, expect, it } from "vitest";
import { mediaTypeFromSignature, signatureLength, signedMediaTypes } from "./media-signature.js";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

describe("mediaTypeFromSignature", () => {
  it("knows PNG, JPEG, GIF, WebP and PDF by their first bytes", () => {
    expect(signedMediaTypes).toEqual([
      "image/png",
      "image/jpeg",
      "image/gif",
      "image/webp",
      "application/pdf",
    ]);
    expect(mediaTypeFromSignature(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(mediaTypeFromSignature(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe("image/jpeg");
    expect(mediaTypeFromSignature(bytes("GIF87a"))).toBe("image/gif");
    expect(mediaTypeFromSignature(bytes("GIF89a", 1))).toBe("image/gif");
    expect(mediaTypeFromSignature(bytes("RIFF", 1, 2, 3, 4, "WEBPVP8 "))).toBe("image/webp");
    expect(mediaTypeFromSignature(bytes("%PDF-1.7"))).toBe("application/pdf");
    expect(signatureLength).toBeGreaterThanOrEqual(12);
  });

  it("answers undefined for anything else, a truncated signature included", () => {
    for (const other of [
      bytes("<html>"),
      bytes(0x89, "PNG"),
      bytes("RIFF", 1, 2, 3, 4, "WAVE"),
      bytes("RIFX", 1, 2, 3, 4, "WEBP"), // WEBP at 8 without RIFF before it
      bytes("GIF90a"),
      bytes(),
    ]) {
      expect(mediaTypeFromSignature(other)).toBeUndefined();
    }
  });
});
