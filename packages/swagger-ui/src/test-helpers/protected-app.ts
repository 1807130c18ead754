import { jwtBearer, Principal } from "@trellis/auth";
import {
  Controller,
  createApp,
  Get,
  OperationId,
  Returns,
  Route,
  Security,
  Summary,
  Tags,
} from "@trellis/core";
import { jsonSchemaAdapter, schema } from "@trellis/testing";
import type { SwaggerUiOAuthOptions } from "../oauth-options.js";
import { swaggerUi } from "../swagger-ui.js";

const Caller = schema(
  {
    type: "object",
    properties: {
      subject: { type: "string" },
      scopes: { type: "array", items: { type: "string" } },
    },
    required: ["subject", "scopes"],
  },
  "Caller",
);

/** One route that needs a bearer token with `orders:read`; it answers who called. */
@Route("/orders")
@Tags("orders")
class OrderController extends Controller {
  @Get()
  @Summary("Who reads the orders")
  @OperationId("readOrders")
  @Security("bearer", ["orders:read"])
  @Returns(200, Caller, "The caller")
  read(@Principal() principal: Principal): { subject: string; scopes: readonly string[] } {
    return { subject: principal.subject, scopes: principal.scopes };
  }
}

/** What `protectedApp` is told: the identity provider's endpoints and the API's audience. */
export interface ProtectedAppOptions {
  readonly issuer: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly audience: string;
  readonly oauth: SwaggerUiOAuthOptions;
}

/**
 * An app whose only route is protected by `jwtBearer`, documented as the OAuth 2.0
 * authorization-code flow, with Swagger UI signing in through `oauth`.
 */
export function protectedApp(options: ProtectedAppOptions) {
  const bearer = jwtBearer({
    issuer: options.issuer,
    audience: options.audience,
    authorizationCode: {
      authorizationUrl: options.authorizationUrl,
      tokenUrl: options.tokenUrl,
      scopes: { "orders:read": "Read orders" },
    },
  });
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers: [OrderController],
    docs: { swagger: swaggerUi({ oauth: options.oauth }) },
    openapi: {
      service: { name: "orders", version: "1.0.0" },
      securitySchemes: { bearer: bearer.scheme },
    },
    security: { bearer },
  });
}
