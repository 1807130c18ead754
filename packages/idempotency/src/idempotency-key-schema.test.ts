import { Controller, Post, Returns, Route } from "@trellis/core";
import { generateSync } from "json-schema-faker";
import { describe, expect, it } from "vitest";
import { idempotencyKeyPattern, parseIdempotencyKey } from "./idempotency-key.js";
import { Idempotent } from "./idempotent-decorator.js";
import { type Json, send, testApp } from "./test-helpers/test-app.js";

// The documented Idempotency-Key parameter admits exactly the keys the server accepts: values a
// schema-driven tool generates from the document (json-schema-faker, which Prism and Portman use)
// are all accepted, and the pattern agrees with the parser on every edge of the grammar.

let runs = 0;

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Idempotent()
  @Returns(201)
  create() {
    runs++;
    this.setStatus(201);
    return { order: runs };
  }
}

const keyParameter = (version: "3.0" | "3.1" | "3.2") => {
  const document: Json = testApp([OrderController], { openapi: { version } }).document;
  const parameters: Json[] = document.paths["/orders"].post.parameters;
  return parameters.find((parameter) => parameter.name === "Idempotency-Key");
};

describe("the documented Idempotency-Key schema", () => {
  it("is the server's grammar with an example it accepts, in every OpenAPI version", async () => {
    for (const version of ["3.0", "3.1", "3.2"] as const) {
      const parameter = keyParameter(version);
      expect(parameter.schema).toEqual({ type: "string", pattern: idempotencyKeyPattern });
      expect(new RegExp(parameter.schema.pattern, "u").test(parameter.example)).toBe(true);
      const app = testApp([OrderController]);
      const answer = await send(app, "POST", "/orders", {
        headers: { "idempotency-key": parameter.example },
      });
      expect(answer.status).toBe(201);
    }
  });

  it("yields only keys the server accepts when a schema-driven tool generates from it", async () => {
    const { schema } = keyParameter("3.1");
    const app = testApp([OrderController]);
    const forms = { quoted: 0, bare: 0 };
    for (let seed = 1; seed <= 300; seed++) {
      const key = generateSync(schema, { seed }) as string;
      forms[key.startsWith('"') ? "quoted" : "bare"]++;
      const answer = await send(app, "POST", "/orders", { headers: { "idempotency-key": key } });
      expect(answer.status, `seed ${seed}: ${JSON.stringify(key)}`).toBe(201);
    }
    // Both forms of the grammar were tried, not only the easy one.
    expect(forms.quoted).toBeGreaterThan(30);
    expect(forms.bare).toBeGreaterThan(30);
  });

  it("agrees with the parser on every character and at the length limits", () => {
    const characters = [
      ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
      "é",
      "€",
      "\u{1f600}",
    ];
    const candidates = [
      "",
      '""',
      '"',
      "veniam eiusmod consequat amet",
      '"veniam eiusmod consequat amet"',
      '"a \\"quoted\\" \\\\ key"',
      '"bad \\n escape"',
      '"open',
      'close"',
      "x".repeat(255),
      "x".repeat(256),
      `"${"x".repeat(255)}"`,
      `"${"x".repeat(256)}"`,
      `"${"\\\\".repeat(255)}"`,
      `"${"\\\\".repeat(256)}"`,
      ...characters.flatMap((character) => [
        character,
        `a${character}b`,
        `"${character}"`,
        `"a${character}b"`,
        `"\\${character}"`,
      ]),
    ];
    for (const flags of ["", "u"]) {
      const documented = new RegExp(idempotencyKeyPattern, flags);
      for (const candidate of candidates) {
        // Header values reach the server trimmed of surrounding spaces and tabs.
        if (candidate !== candidate.trim()) continue;
        expect(documented.test(candidate), JSON.stringify(candidate)).toBe(
          parseIdempotencyKey(candidate) !== undefined,
        );
      }
    }
  });
});
