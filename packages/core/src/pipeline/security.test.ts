import { jsonSchemaAdapter } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get } from "../decorators/verbs.js";
import { ForbiddenException } from "../errors/http-exceptions.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import type { ExecutionContext } from "./execution-context.js";

const openapi: OpenApiOptions = {
  service: { name: 'Users "API"', version: "1.0.0" },
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    basic: { type: "http", scheme: "basic" },
    apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
    oauth: {
      type: "oauth2",
      flows: { clientCredentials: { tokenUrl: "https://auth.example.test/token", scopes: {} } },
    },
  },
};

/** Bearer tokens are "token:<scope>,<scope>"; a token lacking a scope is 403. */
@Injectable()
class BearerGuard {
  readonly seenScopes: (readonly string[])[] = [];

  canActivate(context: ExecutionContext) {
    this.seenScopes.push(context.scopes);
    const header = context.request.headers.get("authorization") ?? "";
    if (!header.startsWith("Bearer token:")) return false;
    const granted = header.slice("Bearer token:".length).split(",");
    const missing = context.scopes.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) throw new ForbiddenException(`Missing scope: ${missing.join(", ")}.`);
    return true;
  }
}

const apiKeyGuard = async (context: ExecutionContext) =>
  context.request.headers.get("x-api-key") === "secret";

@Route("/s")
@Security("bearer")
class SecuredController extends Controller {
  @Get("/read")
  read() {
    return "read";
  }

  @Get("/write")
  @Security("bearer", ["write", "admin"])
  write() {
    return "written";
  }

  @Get("/either")
  @Security("bearer", ["admin"])
  @Security("apiKey")
  either() {
    return "either";
  }

  @Get("/basic")
  @Security("basic")
  basic() {
    return "basic";
  }

  @Get("/oauth")
  @Security("oauth")
  oauth() {
    return "oauth";
  }

  @Get("/guarded")
  @UseGuards(() => false)
  guarded() {
    return "never";
  }
}

const bearer = new BearerGuard();
const app = testApp([SecuredController], {
  openapi,
  security: {
    bearer,
    apiKey: apiKeyGuard,
    basic: (context: ExecutionContext) =>
      context.request.headers.get("authorization") === `Basic ${btoa("ada:lovelace")}`,
    oauth: () => false,
  },
});
const auth = (value: string) => ({ headers: { authorization: value } });

describe("security requirements", () => {
  it("are enforced: a scheme's guard answering false is 401 with its challenge", async () => {
    const response = await send(app, "GET", "/s/read");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(await response.json()).toMatchObject({ status: 401, title: "Unauthorized" });
    expect((await send(app, "GET", "/s/read", auth("Bearer token:"))).status).toBe(200);
  });

  it("hand the guard the required scopes; it may answer 403 for a missing one", async () => {
    bearer.seenScopes.length = 0;
    const response = await send(app, "GET", "/s/write", auth("Bearer token:write"));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: "Missing scope: admin." });
    expect(bearer.seenScopes).toEqual([["write", "admin"]]);
    expect((await send(app, "GET", "/s/write", auth("Bearer token:write,admin"))).status).toBe(200);
  });

  it("treat several requirements as alternatives: any one passing allows", async () => {
    expect(
      (await send(app, "GET", "/s/either", { headers: { "x-api-key": "secret" } })).status,
    ).toBe(200);
    expect((await send(app, "GET", "/s/either", auth("Bearer token:admin"))).status).toBe(200);
    // None passes: 401 listing the challenges of the schemes that have one.
    const none = await send(app, "GET", "/s/either");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    // A refusal more precise than "not authenticated" wins over the others' false.
    const scoped = await send(app, "GET", "/s/either", auth("Bearer token:read"));
    expect(scoped.status).toBe(403);
  });

  it("derive WWW-Authenticate from the declared scheme", async () => {
    const basic = await send(app, "GET", "/s/basic");
    expect(basic.headers.get("www-authenticate")).toBe(
      'Basic realm="Users \\"API\\"", charset="UTF-8"',
    );
    expect((await send(app, "GET", "/s/basic", auth(`Basic ${btoa("ada:lovelace")}`))).status).toBe(
      200,
    );
    expect((await send(app, "GET", "/s/oauth")).headers.get("www-authenticate")).toBe("Bearer");
  });

  it("run before the operation's guards", async () => {
    expect((await send(app, "GET", "/s/guarded")).status).toBe(401);
    expect((await send(app, "GET", "/s/guarded", auth("Bearer token:"))).status).toBe(403);
  });

  it("fail closed: a scheme in use without a runtime check is a startup error", () => {
    expectConfigError(
      () =>
        createApp({
          schema: jsonSchemaAdapter(),
          controllers: [SecuredController],
          openapi,
          security: { bearer, basic: () => true, oauth: () => true },
        }),
      "UNGUARDED_SECURITY_SCHEME",
      '"apiKey"',
      "SecuredController.either",
    );
    expectConfigError(
      () => createApp({ schema: jsonSchemaAdapter(), controllers: [SecuredController], openapi }),
      "UNGUARDED_SECURITY_SCHEME",
      '"bearer"',
      "SecuredController.read",
    );
    expectConfigError(
      () => testApp([SecuredController], { openapi, security: { bearer: "yes" as never } }),
      "INVALID_GUARD",
      "security.bearer",
    );
    expectConfigError(
      () => testApp([SecuredController], { openapi, security: 1 as never }),
      "INVALID_OPTION",
      "security",
    );
  });

  it("are loud about a misspelt scheme: a key of security must name a declared scheme", () => {
    const checks = { bearer, apiKey: apiKeyGuard, basic: () => true, oauth: () => true };
    expectConfigError(
      () => testApp([SecuredController], { openapi, security: { ...checks, baerer: () => true } }),
      "UNKNOWN_SECURITY_SCHEME",
      "security.baerer",
      '"bearer", "basic", "apiKey", "oauth"',
    );
    // Even when no operation uses it (nothing else would ever say so).
    @Route("/open")
    class OpenController extends Controller {
      @Get()
      open() {
        return "open";
      }
    }
    expectConfigError(
      () => testApp([OpenController], { security: { bearer: () => true } }),
      "UNKNOWN_SECURITY_SCHEME",
      "security.bearer",
      "declares none",
    );
  });

  it("need no runtime check to be documented", () => {
    const document = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [SecuredController],
      openapi,
    });
    expect(document.paths["/s/read"]?.get).toMatchObject({ security: [{ bearer: [] }] });
  });
});
