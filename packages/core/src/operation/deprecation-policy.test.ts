import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Deprecated } from "../decorators/docs.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { checkDeprecation } from "./deprecation-policy.js";

// The check of `@Deprecated` options, and which declaration a route takes: the method's, else the
// nearest class's. The apps are built inside the tests, so their reading is what each test runs.
describe("checkDeprecation", () => {
  const invalid = (value: unknown, ...parts: string[]) =>
    expectConfigError(() => checkDeprecation(value, "A.m"), "INVALID_DEPRECATION", "A.m", ...parts);

  it("reads true and no options as a deprecation without dates, false as none", () => {
    const none = { since: undefined, sunset: undefined, link: undefined, sunsetLink: undefined };
    expect(checkDeprecation(true, "A.m")).toStrictEqual(none);
    expect(checkDeprecation(undefined, "A.m")).toStrictEqual(none);
    expect(checkDeprecation(false, "A.m")).toBeUndefined();
  });

  it("refuses what is not an options object, and names every unknown option", () => {
    invalid(null, "takes { since?");
    invalid([], "takes { since?");
    invalid("2026-01-01", "takes { since?");
    invalid({ until: 1, after: 2 }, "has unknown option until, after.");
  });

  it("takes dates from 1970 as Date objects or ISO 8601 strings only", () => {
    expect(checkDeprecation({ since: "1970-01-01" }, "A.m")?.since?.toISOString()).toBe(
      "1970-01-01T00:00:00.000Z",
    );
    invalid({ since: "1969-12-31" }, "since must be a Date");
    invalid({ sunset: new Date("1969-12-31") }, "sunset must be a Date");
    invalid({ since: "2026/12/31" }, "since must be a Date");
    invalid({ since: 1_800_000_000_000 }, "since must be a Date");
    invalid({ since: { toString: () => "2026-12-31" } }, "since must be a Date");
  });

  it("refuses a sunset before the deprecation, and takes either date alone or both the same", () => {
    invalid({ since: "2026-06-01", sunset: "2026-05-31" }, "sunset is before since");
    expect(checkDeprecation({ since: "2026-06-01", sunset: "2026-06-01" }, "A.m")).toBeDefined();
    expect(checkDeprecation({ sunset: "1971-01-01" }, "A.m")?.sunset?.getUTCFullYear()).toBe(1971);
    expect(checkDeprecation({ since: "2999-01-01" }, "A.m")?.since?.getUTCFullYear()).toBe(2999);
  });

  it("takes links that fit a Link header, and nothing else", () => {
    expect(checkDeprecation({ link: "/docs/migrating" }, "A.m")?.link).toBe("/docs/migrating");
    invalid({ link: 42 }, "link must be a URL");
    invalid({ sunsetLink: "a b" }, "sunsetLink must be a URL");
  });
});

describe("the deprecation a route takes", () => {
  it("is the nearest class's, the method's over it, and none for a class without one", async () => {
    @Route("/base")
    @Deprecated({ sunset: "2030-01-01" })
    class BaseController extends Controller {
      @Get()
      list() {
        return "base";
      }
    }
    @Route("/child")
    class ChildController extends BaseController {
      @Get("/own")
      @Deprecated({ sunset: "2031-01-01" })
      own() {
        return "own";
      }
    }
    @Route("/plain")
    class PlainController extends Controller {
      @Get()
      plain() {
        return "plain";
      }
    }
    const app = testApp([BaseController, ChildController, PlainController]);
    const sunsetOf = async (path: string) => (await send(app, "GET", path)).headers.get("sunset");
    expect(await sunsetOf("/base")).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    expect(await sunsetOf("/child")).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    expect(await sunsetOf("/child/own")).toBe("Wed, 01 Jan 2031 00:00:00 GMT");
    expect((await send(app, "GET", "/plain")).headers.get("deprecation")).toBeNull();
  });
});
