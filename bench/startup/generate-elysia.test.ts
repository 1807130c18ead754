import { describe, expect, test } from "vitest";
import { measureElysiaBuild } from "../lib/create-app-bench.js";
import { generateElysiaMain, generateElysiaModels } from "./generate-elysia.js";

const verbs = /\.(get|post|put|delete)\("/g;

describe("generateElysiaModels", () => {
  test("the three models of every resource in Elysia's t", () => {
    const source = generateElysiaModels(12);
    expect(source).toContain('import { t } from "elysia";');
    for (const k of [0, 1, 2]) {
      expect(source).toContain(`export const Item${k} = t.Object({`);
      expect(source).toContain(`export const Create${k} = t.Object({`);
      expect(source).toContain(`export const Query${k} = t.Object({`);
    }
    expect(source).not.toContain("Item3");
  });
});

describe("generateElysiaMain", () => {
  test("exactly N routes in groups of five, with the OpenAPI plugin, build and document timed apart", () => {
    const source = generateElysiaMain(12, "./m.ts");
    expect(source.match(verbs)?.length).toBe(12);
    expect(source.match(/\.group\("\/resource\d+"/g)?.length).toBe(3);
    expect(source).toContain('import { openapi } from "@elysiajs/openapi";');
    expect(source).toContain(".use(openapi(");
    expect(source).toContain('await import("./m.ts")');
    expect(source).toContain("body: m.Create1,");
    expect(source).toContain("query: m.Query2,");
    expect(source).not.toContain("body: m.Create2,"); // the last group holds only routes 11 and 12
    expect(source).toContain('app.handle(new Request("http://localhost/openapi/json"))');
    expect(source).toContain("createAppMs: buildEnd - buildStart");
    expect(source).toContain("documentMs: documentEnd - documentStart");
  });

  test("the generated app really serves a document with N operations", async () => {
    // measureElysiaBuild fails the entry unless the document has exactly N operations.
    const result = await measureElysiaBuild(12, 1, "0");
    expect(result.failure).toBeUndefined();
    expect(result.buildMs).toHaveLength(1);
    expect(result.documentMs).toHaveLength(1);
  }, 60_000);
});
