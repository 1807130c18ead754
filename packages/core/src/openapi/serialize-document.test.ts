import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { OpenApiDocument } from "./openapi-options.js";
import { serializeDocument } from "./serialize-document.js";

const shared = { type: "string", enum: ["on", "off", "true", "1.0", ""] };
const document: OpenApiDocument = {
  openapi: "3.0.3",
  info: { title: "API", version: "1.0", description: "Line one\nline two: with a colon" },
  paths: {
    "/a/{id}": { get: { parameters: [{ name: "id", in: "path", schema: shared }] } },
    "/b": { get: { parameters: [{ name: "q", in: "query", schema: shared, example: null }] } },
  },
};

describe("serializeDocument", () => {
  it("writes JSON that parses back to the document", () => {
    const text = serializeDocument(document, "json");
    expect(JSON.parse(text)).toEqual(document);
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("writes YAML that a YAML parser reads back to the same document", () => {
    const text = serializeDocument(document, "yaml");
    expect(parse(text)).toEqual(document);
    expect(text).toMatch(/^openapi: "?3\.0\.3"?$/m);
  });

  it("writes no YAML anchors for objects used twice", () => {
    const text = serializeDocument(document, "yaml");
    expect(text).not.toMatch(/[&*][a-z]/);
  });

  it("explains that YAML needs Bun when Bun.YAML is missing", () => {
    // `Bun` itself cannot be replaced, but its YAML member is writable: emulate another runtime.
    const runtime = Bun as unknown as { YAML: unknown };
    const yaml = runtime.YAML;
    runtime.YAML = undefined;
    try {
      expect(() => serializeDocument(document, "yaml")).toThrow(/YAML_UNAVAILABLE.*Bun/);
      expect(JSON.parse(serializeDocument(document, "json"))).toEqual(document);
    } finally {
      runtime.YAML = yaml;
    }
  });
});
