import { describe, expect, it } from "vitest";
import { securityChallenge } from "./security-challenge.js";

describe("securityChallenge", () => {
  it("maps declared schemes to WWW-Authenticate challenges", () => {
    expect(securityChallenge({ type: "http", scheme: "bearer" }, "api")).toBe("Bearer");
    expect(securityChallenge({ type: "http", scheme: "Bearer" }, "api")).toBe("Bearer");
    expect(securityChallenge({ type: "http", scheme: "basic" }, "my api")).toBe(
      'Basic realm="my api", charset="UTF-8"',
    );
    expect(securityChallenge({ type: "http", scheme: "basic" }, 'a"b\\c')).toBe(
      'Basic realm="a\\"b\\\\c", charset="UTF-8"',
    );
    expect(securityChallenge({ type: "http", scheme: "Negotiate" }, "api")).toBe("Negotiate");
    expect(securityChallenge({ type: "oauth2", flows: {} }, "api")).toBe("Bearer");
    expect(securityChallenge({ type: "openIdConnect", openIdConnectUrl: "x" }, "api")).toBe(
      "Bearer",
    );
  });

  it("gives none where no standard challenge exists", () => {
    expect(securityChallenge({ type: "apiKey", in: "header", name: "x" }, "api")).toBeUndefined();
    expect(securityChallenge({ type: "http", scheme: "bad scheme" }, "api")).toBeUndefined();
    expect(securityChallenge({ type: "http" }, "api")).toBeUndefined();
    expect(securityChallenge(undefined, "api")).toBeUndefined();
  });
});
