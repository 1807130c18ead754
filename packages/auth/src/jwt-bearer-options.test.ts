import { describe, expect, it } from "vitest";
import { jwtBearer } from "./jwt-bearer.js";
import { expectConfigError } from "./test-helpers/expect-config-error.js";

const issuer = "https://id.example.test";
const audience = "https://orders.example.test";

describe("jwtBearer options", () => {
  it("require an issuer and an audience, at startup", () => {
    expectConfigError(
      () => jwtBearer({ audience } as never),
      "INVALID_AUTH_OPTIONS",
      "issuer is required",
    );
    expectConfigError(
      () => jwtBearer({ issuer } as never),
      "INVALID_AUTH_OPTIONS",
      "audience is required",
    );
    expectConfigError(
      () => jwtBearer({ issuer, audience: [] }),
      "INVALID_AUTH_OPTIONS",
      "audience",
    );
    expectConfigError(() => jwtBearer(undefined as never), "INVALID_AUTH_OPTIONS", "jwtBearer");
  });

  it("never allow none or an HMAC algorithm", () => {
    for (const alg of ["none", "HS256", "HS512"]) {
      expectConfigError(
        () => jwtBearer({ issuer, audience, algorithms: [alg as never] }),
        "INVALID_AUTH_OPTIONS",
        '"none" and HMAC',
      );
    }
  });

  it("declare the scheme for the document: discovery, a bare JWKS, or the authorization-code flow", () => {
    expect(jwtBearer({ issuer, audience }).scheme).toEqual({
      type: "openIdConnect",
      description: `Access tokens (JWT) from ${issuer}.`,
      openIdConnectUrl: `${issuer}/.well-known/openid-configuration`,
    });
    expect(jwtBearer({ issuer, audience, jwksUri: `${issuer}/keys` }).scheme).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    const flow = {
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      scopes: { "orders:read": "Read orders" },
    };
    expect(jwtBearer({ issuer, audience, authorizationCode: flow }).scheme).toMatchObject({
      type: "oauth2",
      flows: { authorizationCode: flow },
    });
  });

  it("check numbers and functions", () => {
    expectConfigError(
      () => jwtBearer({ issuer, audience, clockTolerance: -1 }),
      "INVALID_AUTH_OPTIONS",
      "clockTolerance",
    );
    expectConfigError(
      () => jwtBearer({ issuer, audience, keys: { timeout: 0 } }),
      "INVALID_AUTH_OPTIONS",
      "keys.timeout",
    );
    expectConfigError(
      () => jwtBearer({ issuer, audience, clock: 1 as never }),
      "INVALID_AUTH_OPTIONS",
      "clock",
    );
  });
});
