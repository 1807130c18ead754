import { jsonSchemaAdapter } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { Controller } from "../controller/controller.js";
import { Param, Query } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import { Version } from "../decorators/version.js";
import type { DocsPlugin, DocsPluginContext } from "../docs/docs-plugin.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import { unsupportedVersionType } from "./unsupported-version.js";

@Route("/items")
@Version("1")
class ItemsV1 extends Controller {
  @Get()
  list() {
    return ["v1"];
  }

  @Get("/:id")
  @Version("2") // the method's version wins over its class's
  one(@Param("id") id: string) {
    return { version: "2 (method)", id };
  }
}

@Route("/items")
@Version("2")
class ItemsV2 extends Controller {
  @Get()
  list(@Query("limit") limit: number) {
    return ["v2", limit];
  }
}

// Version-neutral: served (and documented) in every version.
@Route("/status")
class Status extends Controller {
  @Get()
  status() {
    return "ok";
  }
}

const paths = (document: Json) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
  );

// A docs plugin serving the raw document, recording what core told it.
function recordingPlugin(seen: DocsPluginContext[]): DocsPlugin {
  return {
    name: "recording",
    routes(context) {
      seen.push(context);
      return { "/docs/openapi.json": () => new Response(context.json) };
    },
  };
}

describe("@Version with the URI strategy (the default)", () => {
  const seen: DocsPluginContext[] = [];
  const app = testApp([ItemsV1, ItemsV2, Status], { docs: { swagger: recordingPlugin(seen) } });

  it("serves each version under /v<version>, neutral routes where they are, and 404 elsewhere", async () => {
    expect(await (await send(app, "GET", "/v1/items")).json()).toEqual(["v1"]);
    expect(await (await send(app, "GET", "/v2/items?limit=3")).json()).toEqual(["v2", 3]);
    expect(await (await send(app, "GET", "/v2/items/7")).json()).toEqual({
      version: "2 (method)",
      id: "7",
    });
    expect((await send(app, "GET", "/v1/items/7")).status).toBe(404);
    expect((await send(app, "GET", "/status")).status).toBe(200);
    const unknown = await send(app, "GET", "/v3/items");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
  });

  it("builds one document per version: its own operations and the neutral ones", () => {
    expect(Object.keys(app.documents)).toEqual(["1", "2"]);
    expect(paths(app.documents["1"])).toEqual(["GET /v1/items", "GET /status"]);
    expect(paths(app.documents["2"])).toEqual([
      "GET /v2/items/{id}",
      "GET /v2/items",
      "GET /status",
    ]);
    // The default version (the lowest) is `app.document` and /docs/openapi.json.
    expect(app.document).toBe(app.documents["1"]);
  });

  it("serves /docs/v<version>/openapi.json beside the raw document and tells the plugin", async () => {
    const v2 = await send(app, "GET", "/docs/v2/openapi.json");
    expect(v2.status).toBe(200);
    expect(paths(await v2.json())).toContain("GET /v2/items/{id}");
    expect((await send(app, "GET", "/docs/v3/openapi.json")).status).toBe(404);
    expect(seen[0]?.versions).toEqual([
      { version: "1", name: "v1", path: "v1/openapi.json", primary: true },
      { version: "2", name: "v2", path: "v2/openapi.json", primary: false },
    ]);
  });

  it("gives buildDocument the default version's document, or the one asked for", () => {
    const options = { schema: jsonSchemaAdapter(), controllers: [ItemsV1, ItemsV2, Status] };
    expect(paths(buildDocument(options))).toEqual(["GET /v1/items", "GET /status"]);
    expect(paths(buildDocument(options, { version: "2" }))).toHaveLength(3);
    expectConfigError(() => buildDocument(options, { version: "9" }), "INVALID_VERSION", "1, 2");
  });

  it("leaves an app without versions as it was: no per-version documents", async () => {
    const plain = testApp([Status]);
    expect(plain.documents).toEqual({});
    expect(paths(plain.document)).toEqual(["GET /status"]);
  });
});

describe("@Version with the header strategy", () => {
  const app = testApp([ItemsV1, ItemsV2, Status], {
    versioning: { strategy: "header", header: "X-API-Version", default: "2" },
  });

  it("serves one path per version, picked by the header; no header means the default", async () => {
    const v1 = await send(app, "GET", "/items", { headers: { "x-api-version": "1" } });
    expect(await v1.json()).toEqual(["v1"]);
    expect(v1.headers.get("vary")).toBe("x-api-version");
    const v2 = await send(app, "GET", "/items?limit=1", { headers: { "x-api-version": " 2 " } });
    expect(await v2.json()).toEqual(["v2", 1]);
    expect(await (await send(app, "GET", "/items?limit=2")).json()).toEqual(["v2", 2]);
  });

  it("answers an unknown or malformed version 400 listing the versions, a missing route 404", async () => {
    for (const value of ["3", "v1", "1, 2", ""]) {
      const refused = await send(app, "GET", "/items", { headers: { "x-api-version": value } });
      expect(refused.status).toBe(400);
      expect(refused.headers.get("vary")).toBe("x-api-version");
      expect(await refused.json()).toMatchObject({
        type: unsupportedVersionType,
        title: "Unsupported API version",
        supportedVersions: ["1", "2"],
      });
    }
    const absent = await send(app, "GET", "/items/7", { headers: { "x-api-version": "1" } });
    expect(absent.status).toBe(404);
    expect(((await absent.json()) as Json).detail).toContain("version 2");
  });

  it("lets version-neutral routes ignore the header", async () => {
    const neutral = await send(app, "GET", "/status", { headers: { "x-api-version": "9" } });
    expect(neutral.status).toBe(200);
    expect(neutral.headers.get("vary")).toBeNull();
  });

  it("dispatches the same way through the route map", async () => {
    const handler = app.routes["/items"]?.GET;
    if (typeof handler !== "function") throw new Error("GET /items is a handler");
    const answer = await handler(
      new Request("http://test.local/items", { headers: { "x-api-version": "1" } }),
    );
    expect(await answer?.json()).toEqual(["v1"]);
  });

  it("documents the header: required except in the default version, and the 400", () => {
    const v1 = app.documents["1"] as Json;
    const parameter = v1.paths["/items"].get.parameters[0];
    expect(parameter).toMatchObject({
      name: "x-api-version",
      in: "header",
      required: true,
      schema: { type: "string", enum: ["1"] },
    });
    expect(v1.paths["/items"].get.responses["400"].content).toHaveProperty([
      "application/problem+json",
    ]);
    const v2 = app.documents["2"] as Json;
    const own = v2.paths["/items"].get.parameters.find((p: Json) => p.in === "header");
    expect(own).toMatchObject({ required: false, schema: { enum: ["2"] } });
    expect(v2.paths["/status"].get.parameters).toBeUndefined();
  });

  it("refuses two routes of one method, path and version, and a versioned route over a neutral one", () => {
    @Route("/items")
    @Version("1")
    class Again extends Controller {
      @Get()
      list() {}
    }
    expectConfigError(
      () => testApp([ItemsV1, Again], { versioning: { strategy: "header" } }),
      "DUPLICATE_ROUTE",
      "Again.list",
    );
    @Route("/status")
    @Version("2")
    class Shadow extends Controller {
      @Get()
      status() {}
    }
    expectConfigError(
      () => testApp([Status, Shadow], { versioning: { strategy: "header" } }),
      "DUPLICATE_ROUTE",
      "Shadow.status (GET /status) (version 2)",
      "version-neutral Status.status",
    );
  });
});

describe("versioning startup errors", () => {
  it("refuses a version that is no token, or that carries its own v (INVALID_VERSION)", () => {
    for (const [value, part] of [
      ["", '""'],
      ["two words", '"two words"'],
      ["v2", '@Version("2")'],
      [2, "2"],
    ] as const) {
      @Route("/x")
      class Bad extends Controller {
        @Get()
        @Version(value as string)
        x() {}
      }
      expectConfigError(() => testApp([Bad]), "INVALID_VERSION", "Bad.x", part);
    }
  });

  it("refuses a bad versioning option (INVALID_VERSIONING) and a bad default (INVALID_VERSION)", () => {
    const bad = [
      { strategy: "query" },
      { strategy: "uri", header: "api-version" },
      { strategy: "header", header: "bad header" },
      { prefix: "v" },
      "header",
    ];
    for (const versioning of bad) {
      expectConfigError(
        () => testApp([Status], { versioning: versioning as never }),
        "INVALID_VERSIONING",
        "createApp: versioning",
      );
    }
    expectConfigError(
      () => testApp([Status], { versioning: { default: "v1" } }),
      "INVALID_VERSION",
      "versioning.default",
    );
  });

  it("orders versions as numbers where they are numbers: the default is the lowest", () => {
    @Route("/n")
    @Version("10")
    class Ten extends Controller {
      @Post()
      ten() {}
    }
    @Route("/n")
    @Version("9")
    class Nine extends Controller {
      @Post()
      nine() {}
    }
    const app = testApp([Ten, Nine]);
    expect(Object.keys(app.documents).sort()).toEqual(["10", "9"]);
    expect(paths(app.document)).toEqual(["POST /v9/n"]);
  });
});
