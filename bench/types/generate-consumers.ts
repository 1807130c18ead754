// Generated typed-client consumers for the type-check budget: an app of N routes and a module
// that calls every route through the framework's typed client, once for @trellis/client and once
// for Hono's `hc`. Both use the same Zod schemas, a distinct pair per route (as real apps have),
// and read one field of every typed answer, so the checker must resolve every route's types.

/** Routes per Trellis controller (a controller is a group of routes under one path). */
export const ROUTES_PER_CONTROLLER = 10;

/** The schemas of route `i`: a body for odd routes, a query for even ones, and the answer. */
function schemas(i: number): string {
  return [
    `const Item${i} = z.object({ id: z.string(), name${i}: z.string(), price: z.number() });`,
    i % 2 === 0
      ? `const Query${i} = z.object({ page: z.string(), tag${i}: z.string().optional() });`
      : `const Body${i} = z.object({ name${i}: z.string().min(1), price: z.number().min(0) });`,
  ].join("\n");
}

/** A Trellis app of `routes` routes and a consumer calling each through `createClient`. */
export function trellisConsumer(routes: number): string {
  const lines = [
    'import "@trellis/adapter-zod";',
    'import { createClient } from "@trellis/client";',
    'import { Body, Controller, Get, type Infer, Param, Post, Query, Returns, Route } from "@trellis/core";',
    'import * as z from "zod";',
    "",
  ];
  const controllers = Math.ceil(routes / ROUTES_PER_CONTROLLER);
  for (let c = 0; c < controllers; c++) {
    const first = c * ROUTES_PER_CONTROLLER;
    const last = Math.min(routes, first + ROUTES_PER_CONTROLLER);
    for (let i = first; i < last; i++) lines.push(schemas(i));
    lines.push(`@Route("/c${c}")`, `export class Controller${c} extends Controller {`);
    for (let i = first; i < last; i++) {
      if (i % 2 === 0) {
        lines.push(
          `  @Get("/r${i}/:id")`,
          `  @Returns(200, Item${i})`,
          `  route${i}(@Param("id") id: string, @Query(Query${i}) query: Infer<typeof Query${i}>): Infer<typeof Item${i}> {`,
          `    return { id, name${i}: query.page, price: ${i} };`,
          "  }",
        );
      } else {
        lines.push(
          `  @Post("/r${i}")`,
          `  @Returns(201, Item${i})`,
          `  route${i}(@Body(Body${i}) body: Infer<typeof Body${i}>): Infer<typeof Item${i}> {`,
          `    return { id: "${i}", ...body };`,
          "  }",
        );
      }
    }
    lines.push("}", "");
  }
  const members = Array.from({ length: controllers }, (_, c) => `c${c}: Controller${c}`);
  lines.push(
    `const api = createClient<{ ${members.join("; ")} }>({ baseUrl: "http://api.test" });`,
    "",
    "export async function useEveryRoute(): Promise<string[]> {",
    "  const names: string[] = [];",
  );
  for (let i = 0; i < routes; i++) {
    const c = Math.floor(i / ROUTES_PER_CONTROLLER);
    const call =
      i % 2 === 0
        ? `api.c${c}.route${i}("1", { page: "1" })`
        : `api.c${c}.route${i}({ name${i}: "a", price: 1 })`;
    lines.push(`  names.push((await ${call}).name${i});`);
  }
  lines.push("  return names;", "}", "");
  return lines.join("\n");
}

/** A Hono app of `routes` chained routes (the shape `hc` needs) and a consumer calling each. */
export function honoConsumer(routes: number): string {
  const lines = [
    'import { zValidator } from "@hono/zod-validator";',
    'import { Hono } from "hono";',
    'import { hc } from "hono/client";',
    'import * as z from "zod";',
    "",
  ];
  for (let i = 0; i < routes; i++) lines.push(schemas(i));
  lines.push("", "const app = new Hono()");
  for (let i = 0; i < routes; i++) {
    const c = Math.floor(i / ROUTES_PER_CONTROLLER);
    if (i % 2 === 0) {
      lines.push(
        `  .get("/c${c}/r${i}/:id", zValidator("query", Query${i}), (c) => {`,
        `    const item: z.infer<typeof Item${i}> = { id: c.req.param("id"), name${i}: c.req.valid("query").page, price: ${i} };`,
        "    return c.json(item, 200);",
        "  })",
      );
    } else {
      lines.push(
        `  .post("/c${c}/r${i}", zValidator("json", Body${i}), (c) => {`,
        `    const item: z.infer<typeof Item${i}> = { id: "${i}", ...c.req.valid("json") };`,
        "    return c.json(item, 201);",
        "  })",
      );
    }
  }
  lines.push(
    ";",
    "",
    'const api = hc<typeof app>("http://api.test");',
    "",
    "export async function useEveryRoute(): Promise<string[]> {",
    "  const names: string[] = [];",
  );
  for (let i = 0; i < routes; i++) {
    const c = Math.floor(i / ROUTES_PER_CONTROLLER);
    const call =
      i % 2 === 0
        ? `api.c${c}.r${i}[":id"].$get({ param: { id: "1" }, query: { page: "1" } })`
        : `api.c${c}.r${i}.$post({ json: { name${i}: "a", price: 1 } })`;
    // The validator's 400 is part of the answer's type: narrow on the status, as a caller must.
    lines.push(
      `  const answer${i} = await ${call};`,
      `  if (answer${i}.status === ${i % 2 === 0 ? 200 : 201}) names.push((await answer${i}.json()).name${i});`,
    );
  }
  lines.push("  return names;", "}", "");
  return lines.join("\n");
}

/** The consumer with no routes: the imports alone, the fixed cost the growth is measured above. */
export function baselineConsumer(framework: "trellis" | "hono"): string {
  return framework === "trellis"
    ? 'import "@trellis/adapter-zod";\nimport { createClient } from "@trellis/client";\nimport "@trellis/core";\nimport * as z from "zod";\n\nexport const api = createClient<{}>({ baseUrl: "http://api.test" });\nexport const schema = z.object({});\n'
    : 'import "@hono/zod-validator";\nimport { Hono } from "hono";\nimport { hc } from "hono/client";\nimport * as z from "zod";\n\nconst app = new Hono();\nexport const api = hc<typeof app>("http://api.test");\nexport const schema = z.object({});\n';
}
