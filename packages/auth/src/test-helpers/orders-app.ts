import { type App, Controller, createApp, Get, type Guard, Route, Security } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { getPrincipal, type Principal, Principal as PrincipalParam } from "../principal.js";
import type { OpenApiSecurityScheme } from "../security-scheme.js";

export const audience = "https://orders.test";

@Route("/orders")
class OrderController extends Controller {
  @Get()
  @Security("bearer", ["orders:read"])
  @Security("key", ["orders:read"])
  list(@PrincipalParam() principal: Principal) {
    return { subject: principal.subject, via: principal.via, scopes: principal.scopes };
  }

  @Get("/admin")
  @Security("bearer", ["orders:read", "orders:admin"])
  @Security("key", ["orders:read", "orders:admin"])
  admin() {
    return { ok: true };
  }

  @Get("/public")
  open(@PrincipalParam() principal: Principal) {
    return { subject: principal.subject };
  }
}

@Route("/whoami")
@Security("bearer")
class WhoController extends Controller {
  @Get()
  who() {
    return { seen: true };
  }
}

/** An orders API whose "bearer" and "key" schemes are the given checks. */
export function ordersApp(
  bearer: Guard & { readonly scheme: OpenApiSecurityScheme },
  key?: Guard & { readonly scheme: OpenApiSecurityScheme },
): App {
  const keyScheme = key?.scheme ?? { type: "apiKey", in: "header", name: "x-api-key" };
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers: [OrderController, WhoController],
    logger: { error: () => {} },
    openapi: {
      service: { name: "orders", version: "1.0.0" },
      securitySchemes: { bearer: bearer.scheme, key: keyScheme },
    },
    security: { bearer, key: key ?? (() => false) },
  });
}

export const send = (app: App, path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`http://orders.test${path}`, { headers }));

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export { getPrincipal };
