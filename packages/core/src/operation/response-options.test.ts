import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Returns, type ReturnsOptions } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Post } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, testApp } from "../test-helpers/test-app.js";

const User = schema(
  { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  "User",
);
const Uuid = schema({ type: "string", format: "uuid" });

function appWith(options: unknown) {
  @Route("/users")
  class UserController extends Controller {
    @Post()
    @Returns(201, User, options as ReturnsOptions)
    create() {
      this.setHeader("location", "/users/1");
      this.setStatus(201);
      return { id: "1" };
    }
  }
  return testApp([UserController]);
}

describe("@Returns options", () => {
  it("document the description, headers (inline JSON Schema or an adapter schema) and an example", () => {
    const app = appWith({
      description: "The created user",
      headers: {
        Location: { description: "Where the user lives", required: true },
        "X-Trace-Id": { schema: Uuid },
        "Retry-After": { schema: { type: "integer", minimum: 0 } },
      },
      example: { id: "1" },
    });
    const created = (app.document as Json).paths["/users"].post.responses["201"];
    expect(created.description).toBe("The created user");
    expect(created.headers).toEqual({
      Location: { description: "Where the user lives", required: true, schema: { type: "string" } },
      "X-Trace-Id": { schema: { type: "string", format: "uuid" } },
      "Retry-After": { schema: { type: "integer", minimum: 0 } },
    });
    expect(created.content["application/json"].example).toEqual({ id: "1" });
  });

  it("keep a plain string meaning the description", () => {
    const app = appWith("Made");
    expect((app.document as Json).paths["/users"].post.responses["201"].description).toBe("Made");
  });

  it("are checked at startup, naming the class, method and status", () => {
    for (const bad of [
      42,
      { summary: "x" },
      { description: 1 },
      { headers: [] },
      { headers: { "bad header": {} } },
      { headers: { Location: "string" } },
      { headers: { Location: { schema: 7 } } },
      { headers: { Location: { type: "string" } } },
      { headers: { Location: { required: "yes" } } },
      { headers: { Location: {}, location: {} } },
      { headers: { "Content-Type": {} } },
    ]) {
      expectConfigError(
        () => appWith(bad),
        "INVALID_RESPONSE_OPTIONS",
        "UserController.create",
        "@Returns 201",
      );
    }
  });
});
