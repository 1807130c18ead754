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
    const refused: [unknown, string][] = [
      [42, "the third argument must be a description or an options object."],
      [null, "the third argument must be a description or an options object."],
      [{ summary: "x" }, 'unknown option "summary" (expected description, headers, example).'],
      [{ description: 1 }, "description must be a string."],
      [{ headers: [] }, "headers must be an object keyed by header name."],
      [{ headers: { "bad header": {} } }, 'header "bad header": is not a valid header name.'],
      [{ headers: { Location: "string" } }, "must be an object ({ schema?, description? })."],
      [
        { headers: { Location: { schema: 7 } } },
        "a header schema must be an adapter schema or a JSON Schema object.",
      ],
      [
        { headers: { Location: { type: "string" } } },
        'unknown option "type" (expected schema, description, required).',
      ],
      [{ headers: { Location: { description: 1 } } }, 'header "Location": description must be'],
      [{ headers: { Location: { required: "yes" } } }, "required must be a boolean."],
      [{ headers: { Location: {}, location: {} } }, 'header "location": is declared twice.'],
      [
        { headers: { "Content-Type": {} } },
        "Content-Type is described by the response's media types, not a header.",
      ],
    ];
    for (const [bad, why] of refused) {
      expectConfigError(
        () => appWith(bad),
        "INVALID_RESPONSE_OPTIONS",
        "UserController.create",
        "@Returns 201",
        why,
      );
    }
  });

  it("take any one option alone", () => {
    const created = (app: ReturnType<typeof appWith>) =>
      (app.document as Json).paths["/users"].post.responses["201"];
    expect(created(appWith({ example: { id: "2" } })).content["application/json"].example).toEqual({
      id: "2",
    });
    expect(created(appWith({ description: "Made" })).headers).toBeUndefined();
    expect(created(appWith({ headers: { Location: {} } })).headers).toEqual({
      Location: { schema: { type: "string" } },
    });
  });
});
