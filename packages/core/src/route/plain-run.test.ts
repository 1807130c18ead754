import { jsonSchemaAdapter, schema as testSchema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Query } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

// The test adapter, with validation answered by a promise for the schemas in `later`.
function asyncAdapter(): SchemaAdapter {
  const base = jsonSchemaAdapter();
  return {
    ...base,
    compile(schema, options) {
      const validate = base.compile(schema, options);
      if (!later.has(schema)) return validate;
      return (input) => Promise.resolve(validate(input));
    },
  };
}

const Later = testSchema({ type: "integer", minimum: 1 });
const Now = testSchema({ type: "integer", maximum: 10 });
const later = new Set<unknown>([Later]);

@Route("/plain")
class PlainController extends Controller {
  @Get("/two")
  two(@Query("a", Later) a: number, @Query("b", Now) b: number) {
    this.setStatus(201);
    // biome-ignore lint/complexity/noArguments: the number of arguments the route passes is what is tested
    return { a, b, count: arguments.length };
  }

  @Get("/three")
  three(@Query("a", Now) a: number, @Query("b", Later) b: number, @Query("c", Now) c: number) {
    // biome-ignore lint/complexity/noArguments: the number of arguments the route passes is what is tested
    return { sum: a + b + c, count: arguments.length };
  }

  @Get("/none")
  async none() {
    // biome-ignore lint/complexity/noArguments: the number of arguments the route passes is what is tested
    return { count: arguments.length };
  }
}

describe("a plain route's run", () => {
  const app = testApp([PlainController], { schema: asyncAdapter() });

  it("calls the handler with its arity, after an asynchronous validation settles", async () => {
    const two = await send(app, "GET", "/plain/two?a=2&b=3");
    expect(two.status).toBe(201);
    expect((await two.json()) as Json).toEqual({ a: 2, b: 3, count: 2 });
    const three = await send(app, "GET", "/plain/three?a=1&b=2&c=3");
    expect((await three.json()) as Json).toEqual({ sum: 6, count: 3 });
    const none = await send(app, "GET", "/plain/none");
    expect((await none.json()) as Json).toEqual({ count: 0 });
  });

  it("reports the issues of every argument together, the asynchronous ones included", async () => {
    const response = await send(app, "GET", "/plain/three?a=11&b=0&c=12");
    expect(response.status).toBe(400);
    const paths = ((await response.json()) as Json).errors.map((issue: Json) => issue.path);
    expect(paths).toEqual(["/a", "/c", "/b"]);
  });
});
