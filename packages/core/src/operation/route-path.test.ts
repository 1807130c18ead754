import { describe, expect, it } from "vitest";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { joinRoutePath } from "./route-path.js";

const join = (prefix: unknown, path: unknown) => joinRoutePath(prefix, path, "C.m");

describe("joinRoutePath (SPEC 4.2)", () => {
  it("joins the prefix and the verb path", () => {
    expect(join("/users", "/:id")).toEqual({
      path: "/users/:id",
      openapiPath: "/users/{id}",
      params: ["id"],
      shape: "/users/:",
    });
    expect(join("/users", "/bulk").path).toBe("/users/bulk");
  });

  it("uses the prefix alone for a verb without a path", () => {
    expect(join("/users", undefined).path).toBe("/users");
    expect(join("/users", "").path).toBe("/users");
    expect(join("/users", "/").path).toBe("/users");
  });

  it("handles / and missing slashes", () => {
    expect(join("/", undefined).path).toBe("/");
    expect(join(undefined, undefined).path).toBe("/");
    expect(join(undefined, "/").path).toBe("/");
    expect(join("users", ":id").path).toBe("/users/:id");
    expect(join("/users/", "/:id/").path).toBe("/users/:id");
    expect(join("/api/v1", "users/:userId/posts/:postId")).toMatchObject({
      path: "/api/v1/users/:userId/posts/:postId",
      openapiPath: "/api/v1/users/{userId}/posts/{postId}",
      params: ["userId", "postId"],
    });
  });

  it("accepts RFC 3986 pchar literals", () => {
    expect(join("/a-b_c.d~e", "/x!$&'()+,;=@y/%20").path).toBe("/a-b_c.d~e/x!$&'()+,;=@y/%20");
  });

  it.each([
    ["//users", undefined],
    ["/users", "//x"],
    ["/a//b", undefined],
    ["/files", "/*"],
    ["/a", "/b?c"],
    ["/a", "/b#c"],
    ["/a", "/v1:batch"],
    ["/a", "/:"],
    ["/a", "/:1d"],
    ["/a", "/:id-x"],
    ["/a", "/./b"],
    ["/a", "/../b"],
    ["/a b", undefined],
    ["/a", "/%zz"],
    ["/é", undefined],
    ["/:id", "/:id"],
    [42, undefined],
    ["/a", {}],
  ])("rejects %j + %j with INVALID_PATH naming the method", (prefix, path) => {
    try {
      join(prefix, path);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TrellisConfigError);
      expect((error as TrellisConfigError).code).toBe("INVALID_PATH");
      expect((error as Error).message).toContain("C.m");
    }
  });
});
