import {
  type CallHandler,
  Controller,
  createApp,
  type ExecutionContext,
  Get,
  Param,
  Route,
  Security,
  UseGuards,
  UseInterceptors,
} from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtBearer } from "./jwt-bearer.js";
import { getPrincipal, Principal } from "./principal.js";
import { startTestIssuer, type TestIssuer } from "./testing/index.js";

let idp: TestIssuer;
beforeAll(async () => {
  idp = await startTestIssuer({ audience: "https://orders.test" });
});
afterAll(() => idp?.stop());

const seen: string[] = [];

@Route("/tenants/:tenant/orders")
@Security("bearer", ["orders:read"])
class TenantOrders extends Controller {
  @Get()
  // A guard after the security check sees the principal: here, a tenant claim must match the path.
  @UseGuards(({ request, params }: ExecutionContext) => {
    seen.push(`guard:${getPrincipal(request)?.subject}`);
    return getPrincipal<{ tenant?: string }>(request)?.claims.tenant === params.tenant;
  })
  @UseInterceptors(async (context: ExecutionContext, next: CallHandler) => {
    seen.push(`interceptor:${getPrincipal(context.request)?.subject}`);
    return next();
  })
  list(
    @Param("tenant") _tenant: string,
    @Principal<{ tenant: string }>() principal: Principal<{ tenant: string }>,
  ) {
    return {
      tenant: principal.claims.tenant,
      subject: principal.subject,
      logged: JSON.stringify({ principal }),
    };
  }
}

@Route("/open")
class OpenController extends Controller {
  @Get()
  open(@Principal() principal: Principal) {
    return { subject: principal.subject };
  }
}

function app() {
  const bearer = jwtBearer({ issuer: idp.issuer, audience: idp.audience });
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers: [TenantOrders, OpenController],
    logger: { error: () => {} },
    openapi: { securitySchemes: { bearer: bearer.scheme } },
    security: { bearer },
  });
}

const get = (target: ReturnType<typeof app>, path: string, token?: string) =>
  target.fetch(
    new Request(`http://orders.test${path}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    }),
  );

describe("the principal", () => {
  it("reaches guards, interceptors and the handler (@Principal, typed claims)", async () => {
    seen.length = 0;
    const token = await idp.issueToken({ sub: "ada", scope: "orders:read", tenant: "acme" });
    const response = await get(app(), "/tenants/acme/orders", token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { tenant: string; subject: string; logged: string };
    expect(body).toMatchObject({ tenant: "acme", subject: "ada" });
    expect(seen).toEqual(["guard:ada", "interceptor:ada"]);
    // Logged as a whole, a principal shows its subject only: no claims, and never the token.
    expect(JSON.parse(body.logged)).toEqual({ principal: { subject: "ada", via: "jwt" } });
    expect((await get(app(), "/tenants/globex/orders", token)).status).toBe(403);
  });

  it("takes scopes from scp as an array too", async () => {
    const token = await idp.issueToken({ sub: "svc", scope: ["orders:read"], tenant: "acme" });
    expect((await get(app(), "/tenants/acme/orders", token)).status).toBe(200);
  });

  it("is 401 where no scheme authenticated the request", async () => {
    const response = await get(app(), "/open");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("the test issuer's key rotation: the new kid is fetched once, the retired one refused", async () => {
    let offset = 0;
    const bearer = jwtBearer({
      issuer: idp.issuer,
      audience: idp.audience,
      clock: () => Date.now() + offset,
      keys: { cooldown: 1000, maxAge: 60_000 },
    });
    const rotating = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [TenantOrders],
      logger: { error: () => {} },
      openapi: { securitySchemes: { bearer: bearer.scheme } },
      security: { bearer },
    });
    const old = await idp.issueToken({ scope: "orders:read", tenant: "acme" });
    expect((await get(rotating, "/tenants/acme/orders", old)).status).toBe(200);
    const before = idp.jwksFetches;
    await idp.rotateKeys();
    offset += 1001;
    const fresh = await idp.issueToken({ scope: "orders:read", tenant: "acme" });
    expect((await get(rotating, "/tenants/acme/orders", fresh)).status).toBe(200);
    expect(idp.jwksFetches - before).toBe(1);
    idp.retireOldKeys();
    offset += 60_001;
    let status = 200;
    for (let attempt = 0; attempt < 100 && status === 200; attempt++) {
      status = (await get(rotating, "/tenants/acme/orders", old)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
