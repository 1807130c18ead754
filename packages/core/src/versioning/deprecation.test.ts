import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Query } from "../decorators/bindings.js";
import { Deprecated } from "../decorators/docs.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

// The example of RFC 9745 (section 2.1): `Deprecation: @1688169599`.
const rfc9745 = "2023-06-30T23:59:59Z";

@Route("/old")
@Deprecated({ since: rfc9745, sunset: "2024-01-01" })
class OldController extends Controller {
  // The class's deprecation.
  @Get()
  list(@Query("limit") limit: number) {
    return [limit];
  }

  // The method's wins.
  @Get("/one")
  @Deprecated({
    since: new Date(rfc9745),
    sunset: "2024-12-31",
    link: "https://example.com/deprecation",
    sunsetLink: "/docs/sunset",
  })
  one() {
    return "one";
  }

  // `false` undoes the class's.
  @Get("/kept")
  @Deprecated(false)
  kept() {
    this.setHeader("link", '</old?page=2>; rel="next"');
    return "kept";
  }
}

@Route("/legacy")
class LegacyController extends Controller {
  @Get()
  @Deprecated()
  legacy() {
    this.setHeader("link", '</legacy?page=2>; rel="next"');
    return "legacy";
  }
}

describe("@Deprecated", () => {
  const before = Math.floor(Date.now() / 1000);
  const app = testApp([OldController, LegacyController]);
  const after = Math.floor(Date.now() / 1000);

  it("sends Deprecation as a structured-field date and Sunset as an HTTP-date (the RFCs' examples)", async () => {
    const answer = await send(app, "GET", "/old?limit=1");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("deprecation")).toBe("@1688169599");
    expect(answer.headers.get("sunset")).toBe("Mon, 01 Jan 2024 00:00:00 GMT");
    expect(answer.headers.get("link")).toBeNull();
  });

  it("sends them on refusals too: they describe the resource", async () => {
    const refused = await send(app, "GET", "/old?limit=many");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("deprecation")).toBe("@1688169599");
  });

  it("lets the method's options win and links the deprecation and sunset pages", async () => {
    const answer = await send(app, "GET", "/old/one");
    expect(answer.headers.get("deprecation")).toBe("@1688169599");
    expect(answer.headers.get("sunset")).toBe("Tue, 31 Dec 2024 00:00:00 GMT");
    expect(answer.headers.get("link")).toBe(
      '<https://example.com/deprecation>; rel="deprecation", </docs/sunset>; rel="sunset"',
    );
  });

  it("lets @Deprecated(false) undo a class's deprecation", async () => {
    const kept = await send(app, "GET", "/old/kept");
    expect(kept.headers.get("deprecation")).toBeNull();
    expect(kept.headers.get("sunset")).toBeNull();
    expect((app.document as Json).paths["/old/kept"].get.deprecated).toBeUndefined();
  });

  it("dates @Deprecated() without options from the app's start, and keeps the handler's links", async () => {
    const answer = await send(app, "GET", "/legacy");
    const seconds = Number(answer.headers.get("deprecation")?.slice(1));
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(after);
    expect(answer.headers.get("sunset")).toBeNull();
    expect(answer.headers.get("link")).toBe('</legacy?page=2>; rel="next"');
  });

  it("documents deprecated: true and the headers on every response", () => {
    const paths = (app.document as Json).paths;
    const one = paths["/old/one"].get;
    expect(one.deprecated).toBe(true);
    const headers = one.responses.default.headers;
    expect(headers.Deprecation).toMatchObject({
      example: "@1688169599",
      schema: { type: "string" },
    });
    expect(headers.Sunset.example).toBe("Tue, 31 Dec 2024 00:00:00 GMT");
    expect(headers.Link.example).toContain('rel="sunset"');
    const list = paths["/old"].get;
    expect(Object.keys(list.responses)).toEqual(["400", "500", "default"]);
    for (const response of Object.values(list.responses) as Json[]) {
      expect(Object.keys(response.headers)).toEqual(["Deprecation", "Sunset"]);
    }
    const legacy = paths["/legacy"].get;
    expect(legacy.deprecated).toBe(true);
    expect(legacy.responses.default.headers.Deprecation.example).toBeUndefined();
  });

  it("refuses options it cannot send (INVALID_DEPRECATION), naming class and method", () => {
    const cases: [unknown, string][] = [
      [{ sunset: "next year" }, "sunset must be a Date"],
      [{ since: new Date(Number.NaN) }, "since must be a Date"],
      [{ since: "2026-06-01", sunset: "2026-01-01" }, "sunset is before since"],
      [{ link: "https://example.com/a b" }, "link must be a URL"],
      [{ sunsetLink: "<x>" }, "sunsetLink must be a URL"],
      [{ sunst: "2026-01-01" }, "unknown option sunst"],
      ["2026-01-01", "takes { since?, sunset?, link?, sunsetLink? }"],
    ];
    for (const [options, part] of cases) {
      @Route("/bad")
      class Bad extends Controller {
        @Get()
        @Deprecated(options as never)
        bad() {}
      }
      expectConfigError(() => testApp([Bad]), "INVALID_DEPRECATION", "Bad.bad", part);
    }
  });
});
