import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Produces } from "../decorators/produces.js";
import { Route } from "../decorators/route.js";
import { Sse } from "../decorators/sse.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { testApp } from "../test-helpers/test-app.js";

// What the startup errors of `@Produces` and `@Sse` options say: the reason, not only the code.
function producing(...mediaTypes: string[]) {
  @Route("/bad")
  class BadController extends Controller {
    @Get()
    @Produces(...mediaTypes)
    get() {
      return "";
    }
  }
  return BadController;
}

function streaming(options: unknown) {
  @Route("/events")
  class EventsController extends Controller {
    @Sse("/", options as never)
    async *events() {}
  }
  return EventsController;
}

describe("@Produces and @Sse options at startup", () => {
  it("says why a media type list is refused", () => {
    const refused = (mediaTypes: string[], why: string) =>
      expectConfigError(() => testApp([producing(...mediaTypes)]), "INVALID_MEDIA_TYPE", why);
    refused([], "needs a media type");
    refused(["text/*"], '"text/*" is not a media type such as "text/csv" (no wildcards)');
    refused(["text/csv", "TEXT/CSV"], 'lists "TEXT/CSV" twice');
  });

  // `@Sse(path, null)` is read as no options (`options ?? {}`), so null never gets here.
  it("refuses @Sse options that are not an object or name an unknown option", () => {
    for (const options of [5, "fast", [1]]) {
      expectConfigError(
        () => testApp([streaming(options)]),
        "INVALID_SSE_OPTIONS",
        "EventsController.events",
        "options must be an object",
      );
    }
    expectConfigError(
      () => testApp([streaming({ keepAlive: 10, retry: 5 })]),
      "INVALID_SSE_OPTIONS",
      'has the unknown option "retry" (expected keepAlive)',
    );
  });

  it("takes a keepAlive of 0 (no keep-alive comments) and of some milliseconds", () => {
    expect(testApp([streaming({ keepAlive: 0 })])).toBeDefined();
    expect(testApp([streaming({ keepAlive: 250 })])).toBeDefined();
  });
});
