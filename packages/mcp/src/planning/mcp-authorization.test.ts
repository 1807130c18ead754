import {
  Controller,
  type ExecutionContext,
  Get,
  Returns,
  Route,
  Security,
  setPrincipal,
} from "@trellis/core";
import { expectConfigError, send, appUnderTest as testApp } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { captureEndpoint } from "../test-helpers/capture-endpoint.js";

@Route("/things")
class ThingController extends Controller {
  @Get()
  @Security("bearer", ["things:read"])
  @Returns(200, undefined, "The things")
  list() {
    return [];
  }
}

// A bearer resource check of the test's own: "good-<aud>" is a token for that audience.
const bearer = {
  issuer: "https://id.test",
  audience: ["https://api.test/mcp", "https://api.test"],
  canActivate({ request }: ExecutionContext) {
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!token.startsWith("good-")) return false;
    const aud = token.slice("good-".length);
    setPrincipal(request, {
      subject: "ada",
      via: "jwt",
      issuer: this.issuer,
      scopes: [],
      claims: { aud },
    });
    return true;
  },
};
const answered = (options: object) => captureEndpoint(options, async () => new Response("served"));

const app = (authorization?: object | false) =>
  testApp([ThingController], {
    openapi: {
      undeclaredResponses: "off",
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    security: { bearer },
    plugins: [answered(authorization === undefined ? {} : { authorization })],
  });

const call = (target: ReturnType<typeof app>, token?: string, url = "https://api.test/mcp") =>
  target.fetch(
    new Request(url, {
      method: "POST",
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    }),
  );

describe("mcpServer({ authorization })", () => {
  it("finds the bearer check by itself and takes the request's URL as the resource", async () => {
    const target = app();
    const challenge = (await call(target)).headers.get("www-authenticate");
    expect(challenge).toBe(
      'Bearer resource_metadata="https://api.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(await (await call(target, "good-https://api.test/mcp")).text()).toBe("served");
    expect((await call(target, "good-https://api.test")).status).toBe(401);
    expect((await call(target, "bad")).status).toBe(401);
    const metadata = await send(target, "GET", "/.well-known/oauth-protected-resource/mcp");
    expect(await metadata.json()).toMatchObject({
      resource: "http://test.local/mcp",
      scopes_supported: ["things:read"],
    });
  });

  it("names the resource it is given, and is off with false", async () => {
    const target = app({ resource: "https://api.test" });
    expect((await call(target, "good-https://api.test")).status).toBe(200);
    expect((await call(target, "good-https://api.test/mcp")).status).toBe(401);
    const open = app(false);
    expect((await call(open)).status).toBe(200);
    expect((await send(open, "GET", "/.well-known/oauth-protected-resource")).status).toBe(404);
  });

  it("refuses a resource the check does not accept, an unknown scheme and bad options", () => {
    expectConfigError(
      () => app({ resource: "https://other.test/mcp" }),
      "INVALID_MCP_OPTIONS",
      "https://other.test/mcp",
      "security.bearer",
    );
    expectConfigError(() => app({ scheme: "nope" }), "INVALID_MCP_OPTIONS", '"nope"');
    expectConfigError(() => app({ resource: 42 }), "INVALID_MCP_OPTIONS", "authorization");
    expectConfigError(() => app({ resource: "/mcp" }), "INVALID_MCP_OPTIONS", "absolute");
  });
});
