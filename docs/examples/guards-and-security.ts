import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  type CanActivate,
  Controller,
  createApp,
  Delete,
  Description,
  type ExecutionContext,
  ForbiddenException,
  Get,
  Injectable,
  Param,
  Public,
  Returns,
  Route,
  Security,
  Summary,
  TrellisConfigError,
  UseGuards,
} from "@trellis/core";
import { IsBoolean, IsString } from "class-validator";
import { documented } from "./documented.ts";

class Order {
  @IsString() id!: string;
}

class Status {
  @IsBoolean() ok!: boolean;
}

// #region tokens
/** Which bearer token grants which scopes: a stand-in for your token verifier or session store. */
class Tokens {
  private readonly granted = new Map([
    ["alice-token", ["orders:read", "orders:write"]],
    ["bob-token", ["orders:read"]],
  ]);

  scopesOf(request: Request): string[] | undefined {
    const header = request.headers.get("authorization") ?? "";
    return header.startsWith("Bearer ") ? this.granted.get(header.slice(7)) : undefined;
  }
}
// #endregion

// #region bearer-guard
/** The runtime check of the "bearer" scheme: no valid token is 401, a missing scope 403. */
@Injectable()
class BearerGuard implements CanActivate {
  constructor(private readonly tokens: Tokens) {}

  canActivate({ request, scopes }: ExecutionContext) {
    const granted = this.tokens.scopesOf(request);
    if (!granted) return false;
    const missing = scopes.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) throw new ForbiddenException(`Missing scope: ${missing.join(", ")}.`);
    return true;
  }
}
// #endregion

// #region controllers
const confirmed = ({ request }: ExecutionContext) => request.headers.get("x-confirm") === "yes";

@Route("/orders")
@Description("Orders, for holders of a token")
@Security("bearer", ["orders:read"])
class OrderController extends Controller {
  @Get()
  @Summary("List orders")
  @Description("Needs the orders:read scope.")
  @Returns(200, [Order], "The orders")
  list() {
    return [{ id: "1" }];
  }

  @Delete("/:id")
  @Security("bearer", ["orders:write"]) // a method's requirements replace its class's
  @UseGuards(confirmed) // runs after the security check, before the body is read
  @Summary("Delete an order")
  @Description("Needs the orders:write scope and `x-confirm: yes`.")
  @Returns(204, "Deleted")
  remove(@Param("id") _id: string) {}
}

@Route("/status")
@Description("Service status")
@Public() // no requirement, not even the root's: documented as `security: []`
class StatusController extends Controller {
  @Get()
  @Summary("Service status")
  @Description("Answers while the service is up.")
  @Returns(200, Status, "The service is up")
  status() {
    return { ok: true };
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [OrderController, StatusController],
  providers: [Tokens],
  openapi: {
    ...documented("orders", "Orders, for holders of a bearer token."),
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    security: [{ bearer: [] }], // every operation needs a token, unless it says otherwise
  },
  security: { bearer: BearerGuard }, // the runtime check of each scheme
});
// #endregion

// #region fail-closed
export function withoutCheck(): string | undefined {
  try {
    createApp({
      schema: classValidator(),
      controllers: [OrderController],
      openapi: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    });
  } catch (error) {
    if (error instanceof TrellisConfigError) return error.code; // "UNGUARDED_SECURITY_SCHEME"
    throw error;
  }
  return undefined;
}
// #endregion

/** Calls the API as nobody, as Bob (read only) and as Alice (read and write). */
export async function demo() {
  const call = (method: string, path: string, token?: string, headers: object = {}) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    );
  return {
    anonymous: await call("GET", "/orders"),
    bob: await call("GET", "/orders", "bob-token"),
    bobDeletes: await call("DELETE", "/orders/1", "bob-token"),
    aliceUnconfirmed: await call("DELETE", "/orders/1", "alice-token"),
    aliceConfirmed: await call("DELETE", "/orders/1", "alice-token", { "x-confirm": "yes" }),
    publicStatus: await call("GET", "/status"),
    document: app.document,
    withoutCheck: withoutCheck(),
  };
}
