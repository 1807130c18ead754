import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { apiKey, jwtBearer, memoryApiKeyStore, Principal } from "@trellis/auth";
import { startTestIssuer } from "@trellis/auth/testing";
import {
  Controller,
  createApp,
  Description,
  type DocsPlugin,
  Get,
  Returns,
  Route,
  Security,
  Summary,
} from "@trellis/core";
import { swaggerUi } from "@trellis/swagger-ui";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

class Me {
  @IsString() subject!: string;
  @IsString() via!: string;
}

// #region controller
@Route("/me")
@Description("The caller, as authenticated")
class MeController extends Controller {
  @Get()
  @Summary("Who am I")
  @Description("Needs the profile scope, from a bearer token or an API key.")
  @Security("bearer", ["profile"]) // two requirements: either one admits the request
  @Security("key", ["profile"])
  @Returns(200, Me, "The caller")
  me(@Principal() principal: Principal): Me {
    return { subject: principal.subject, via: principal.via };
  }
}
// #endregion

// #region app
/** The app, for the identity provider at `issuer`; keys are looked up in `store`. */
export function buildApp(
  issuer = "https://id.example.com",
  store = memoryApiKeyStore(),
  docs?: { swagger: DocsPlugin },
) {
  const bearer = jwtBearer({
    issuer,
    audience: "https://api.example.com",
    // Documented as the OAuth 2.0 authorization-code flow, with the scopes Swagger UI offers.
    authorizationCode: {
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      scopes: { profile: "Read who you are" },
    },
  });
  const key = apiKey({ in: "header", name: "x-api-key", store });
  return createApp({
    schema: classValidator(),
    controllers: [MeController],
    openapi: {
      ...documented("me", "Who is calling, by bearer token or API key."),
      // One declaration each: the document's scheme and the runtime check come from it.
      securitySchemes: { bearer: bearer.scheme, key: key.scheme },
    },
    security: { bearer, key },
    docs,
  });
}
// #endregion

/** What docs/authentication.md shows, run against an in-process identity provider. */
export async function demo() {
  // #region testing
  const idp = await startTestIssuer({ audience: "https://api.example.com" });
  const store = memoryApiKeyStore();
  const { key } = store.issue({ subject: "billing-service", scopes: ["profile"] });
  const app = buildApp(idp.issuer, store);
  const call = (headers: Record<string, string> = {}) =>
    app.fetch(new Request("http://localhost/me", { headers }));

  const token = await idp.issueToken({ sub: "ada", scope: "profile" });
  const byToken = await call({ authorization: `Bearer ${token}` }); // 200 { subject: "ada" }
  const byKey = await call({ "x-api-key": key }); // 200 { subject: "billing-service" }
  const narrow = await idp.issueToken({ sub: "ada", scope: "orders:read" });
  const missingScope = await call({ authorization: `Bearer ${narrow}` }); // 403
  const expired = await call({
    authorization: `Bearer ${await idp.issueToken({ expiresIn: -60, scope: "profile" })}`,
  }); // 401 invalid_token
  const anonymous = await call(); // 401 Bearer
  await idp.stop();
  // #endregion

  // #region swagger
  // Swagger UI signs in as the public client "api-docs": authorization code with PKCE, for this
  // API's audience. Register <origin>/docs/oauth2-redirect.html as the client's redirect URI.
  const swagger = swaggerUi({
    oauth: { clientId: "api-docs", scopes: ["profile"], resource: "https://api.example.com" },
  });
  const withSignIn = buildApp("https://id.example.com", store, { swagger });
  // #endregion
  const page = (path: string) => withSignIn.fetch(new Request(`http://localhost/docs${path}`));
  const signIn = {
    initializer: await page("/swagger-initializer.js"),
    redirect: await page("/oauth2-redirect.html"),
  };
  return { byToken, byKey, missingScope, expired, anonymous, signIn, document: app.document };
}
