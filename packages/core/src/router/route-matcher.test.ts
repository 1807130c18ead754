import { describe, expect, it } from "vitest";
import { RouteMatcher } from "./route-matcher.js";

function matcher() {
  const routes = new RouteMatcher<string>();
  routes.add("/", "GET", "root");
  routes.add("/users", "GET", "list");
  routes.add("/users/me", "GET", "me");
  routes.add("/users/:id", "GET", "get");
  routes.add("/users/:id", "DELETE", "delete");
  routes.add("/users/:userId/posts", "GET", "posts");
  routes.add("/a/b/c", "GET", "abc");
  routes.add("/a/:x/d", "GET", "axd");
  return routes;
}

describe("RouteMatcher", () => {
  it("prefers literal segments and backtracks to parameters per method, like Bun", () => {
    const routes = matcher();
    expect(routes.match("GET", "/users/me")).toEqual({ target: "me", params: [] });
    expect(routes.match("DELETE", "/users/me")).toEqual({ target: "delete", params: ["me"] });
    expect(routes.match("GET", "/users/me/posts")).toEqual({ target: "posts", params: ["me"] });
    expect(routes.match("GET", "/a/b/d")).toEqual({ target: "axd", params: ["b"] });
    expect(routes.match("GET", "/a/b/c")?.target).toBe("abc");
    expect(routes.match("GET", "/")?.target).toBe("root");
  });

  it("is strict about slashes and never matches an empty parameter", () => {
    const routes = matcher();
    for (const path of ["/users/", "//users", "/users//posts", "/users/1/", "", "users"]) {
      expect(routes.match("GET", path), path).toBeUndefined();
    }
  });

  it("collects the methods of every matching route for 405 and OPTIONS", () => {
    const routes = matcher();
    const allowed = new Set<string>();
    expect(routes.match("PUT", "/users/me", allowed)).toBeUndefined();
    expect([...allowed].sort()).toEqual(["DELETE", "GET"]);
    const none = new Set<string>();
    expect(routes.match("GET", "/nowhere", none)).toBeUndefined();
    expect(none.size).toBe(0);
  });

  it("keeps raw parameter values (decoding is the route's job)", () => {
    expect(matcher().match("GET", "/users/a%2Fb")?.params).toEqual(["a%2Fb"]);
  });

  it("matches an empty segment only where a route declares one (a docs '/docs/')", () => {
    const routes = new RouteMatcher<string>();
    routes.add("/docs", "GET", "bare");
    routes.add("/docs/", "GET", "slashed");
    routes.add("/items/:id", "GET", "item");
    expect(routes.match("GET", "/docs/")?.target).toBe("slashed");
    expect(routes.match("GET", "/docs")?.target).toBe("bare");
    const allowed = new Set<string>();
    expect(routes.match("POST", "/docs/", allowed)).toBeUndefined();
    expect([...allowed]).toEqual(["GET"]);
    // Parameters still never match an empty segment.
    expect(routes.match("GET", "/items/")).toBeUndefined();
    expect(routes.match("GET", "/docs//")).toBeUndefined();
  });
});
