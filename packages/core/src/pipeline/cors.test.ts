import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { UseMiddleware } from "../decorators/use-middleware.js";
import { Get, Post } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { cors } from "./cors.js";

const Id = schema({ type: "integer" });

@Route("/c")
class CorsController extends Controller {
  @Get("/:id")
  get(@Param("id", Id) id: number) {
    return { id };
  }

  @Post()
  create() {
    this.setStatus(201);
    return { ok: true };
  }

  @Get("/proxied/x")
  @UseMiddleware(async () => {
    // Like a response from fetch(): its headers cannot be changed.
    const upstream = new Response("upstream", { headers: { vary: "Accept" } });
    Object.defineProperty(upstream, "headers", {
      value: new Proxy(new Headers(upstream.headers), {
        get(target, key) {
          if (key === "set" || key === "append") {
            return () => {
              throw new TypeError("immutable");
            };
          }
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    });
    return upstream;
  })
  proxied() {}
}

const origin = "https://app.example.test";
const preflight = (headers: Record<string, string> = {}) => ({
  headers: {
    origin,
    "access-control-request-method": "POST",
    "access-control-request-headers": "content-type, x-token",
    ...headers,
  },
});

describe("cors()", () => {
  const app = testApp([CorsController], {
    middleware: [
      cors({
        origin: [origin, "https://admin.example.test"],
        credentials: true,
        exposedHeaders: ["x-total"],
        maxAge: 600,
      }),
    ],
  });

  it("answers a preflight itself with 204 and the Access-Control-* headers", async () => {
    const response = await send(app, "OPTIONS", "/c", preflight());
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "access-control-allow-origin": origin,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, HEAD, PUT, PATCH, POST, DELETE",
      "access-control-allow-headers": "content-type, x-token",
      "access-control-max-age": "600",
      vary: "Origin, Access-Control-Request-Headers",
    });
    expect(await response.text()).toBe("");
  });

  it("adds its headers to every other answer, errors included", async () => {
    for (const [method, path, status] of [
      ["GET", "/c/1", 200],
      ["POST", "/c", 201],
      ["GET", "/c/abc", 400],
      ["GET", "/nope", 404],
      ["PUT", "/c/1", 405],
    ] as const) {
      const response = await send(app, method, path, { headers: { origin } });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), path).toBe(origin);
      expect(response.headers.get("access-control-allow-credentials"), path).toBe("true");
      expect(response.headers.get("access-control-expose-headers"), path).toBe("x-total");
      expect(response.headers.get("vary"), path).toContain("Origin");
    }
  });

  it("leaves a disallowed origin without Access-Control-* headers", async () => {
    const evil = { origin: "https://evil.example.test" };
    const blocked = await send(app, "OPTIONS", "/c", preflight(evil));
    expect(blocked.status).toBe(204);
    expect(blocked.headers.get("access-control-allow-origin")).toBeNull();
    expect(blocked.headers.get("access-control-allow-methods")).toBeNull();
    expect(blocked.headers.get("vary")).toContain("Origin");
    const actual = await send(app, "GET", "/c/1", { headers: evil });
    expect(actual.status).toBe(200);
    expect(actual.headers.get("access-control-allow-origin")).toBeNull();
    expect(actual.headers.get("vary")).toBe("Origin");
  });

  it("passes a plain OPTIONS (not a preflight) through to the app", async () => {
    const response = await send(app, "OPTIONS", "/c/1", { headers: { origin } });
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("copies a response whose headers are immutable, keeping its Vary", async () => {
    const response = await send(app, "GET", "/c/proxied/x", { headers: { origin } });
    expect(await response.text()).toBe("upstream");
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    expect(response.headers.get("vary")).toBe("Accept, Origin");
  });

  it("allows any origin with '*' by default, without Vary", async () => {
    const open = testApp([CorsController], { middleware: [cors()] });
    const response = await send(open, "GET", "/c/1", { headers: { origin } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("vary")).toBeNull();
    const noOrigin = await send(open, "GET", "/c/1");
    expect(noOrigin.headers.get("access-control-allow-origin")).toBeNull();
    const pre = await send(open, "OPTIONS", "/c", preflight());
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuses credentials with any origin, never allows the null origin, asks a function", async () => {
    expectConfigError(() => cors({ credentials: true }), "CORS_CREDENTIALS_ANY_ORIGIN", "origin");
    expectConfigError(
      () => cors({ origin: "*", credentials: true }),
      "CORS_CREDENTIALS_ANY_ORIGIN",
      "credentials",
    );
    const named = testApp([CorsController], {
      middleware: [cors({ origin: [origin, "null"], credentials: true })],
    });
    const fromNull = await send(named, "GET", "/c/1", { headers: { origin: "null" } });
    expect(fromNull.headers.get("access-control-allow-origin")).toBeNull();
    expect(fromNull.headers.get("access-control-allow-credentials")).toBeNull();
    const nullPreflight = await send(named, "OPTIONS", "/c", {
      headers: { origin: "null", "access-control-request-method": "POST" },
    });
    expect(nullPreflight.headers.get("access-control-allow-origin")).toBeNull();
    const everyone = testApp([CorsController], {
      middleware: [cors({ origin: () => true, credentials: true })],
    });
    const fromNullToo = await send(everyone, "GET", "/c/1", { headers: { origin: "null" } });
    expect(fromNullToo.headers.get("access-control-allow-origin")).toBeNull();
    const echoed = await send(named, "GET", "/c/1", { headers: { origin } });
    expect(echoed.headers.get("access-control-allow-origin")).toBe(origin);
    expect(echoed.headers.get("access-control-allow-credentials")).toBe("true");
    expect(echoed.headers.get("vary")).toBe("Origin");

    const decided = testApp([CorsController], {
      middleware: [
        cors({
          origin: async (value) => value.endsWith(".example.test"),
          allowedHeaders: ["content-type"],
          methods: ["GET", "POST"],
        }),
      ],
    });
    const pre = await send(decided, "OPTIONS", "/c", preflight());
    expect(pre.headers.get("access-control-allow-origin")).toBe(origin);
    expect(pre.headers.get("access-control-allow-headers")).toBe("content-type");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, POST");
    expect(pre.headers.get("vary")).toBe("Origin");
    const other = await send(decided, "GET", "/c/1", { headers: { origin: "https://x.test" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    const single = testApp([CorsController], { middleware: [cors({ origin })] });
    const one = await send(single, "GET", "/c/1", { headers: { origin } });
    expect(one.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("checks its options when called", () => {
    expectConfigError(() => cors({ maxAge: -1 }), "INVALID_CORS_OPTION", "maxAge");
    expectConfigError(() => cors({ origin: 5 as never }), "INVALID_CORS_OPTION", "origin");
    expectConfigError(() => cors({ methods: ["GET POST"] }), "INVALID_CORS_OPTION", "methods");
    expectConfigError(
      () => cors({ credentials: "yes" as never }),
      "INVALID_CORS_OPTION",
      "credentials",
    );
  });
});
