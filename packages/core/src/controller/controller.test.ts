import { describe, expect, it } from "vitest";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { Controller } from "./controller.js";

describe("Controller", () => {
  it("is constructed once; handlers run on a per-request object that inherits from it", async () => {
    let constructed = 0;
    @Route("/c")
    class CounterController extends Controller {
      readonly shared = { hits: 0 };
      own = 0;

      constructor() {
        super();
        constructed++;
        // A header set on the shared instance applies to every request but is never mutated by one.
        this.setHeader("x-default", "yes");
      }

      @Get()
      hit() {
        this.shared.hits++;
        this.own++;
        this.setHeader("x-own", String(this.own));
        return { hits: this.shared.hits, own: this.own };
      }
    }
    const app = testApp([CounterController]);
    expect(constructed).toBe(1);
    const first = await send(app, "GET", "/c");
    const second = await send(app, "GET", "/c");
    expect(await first.json()).toEqual({ hits: 1, own: 1 });
    expect(await second.json()).toEqual({ hits: 2, own: 1 });
    for (const response of [first, second]) {
      expect(response.headers.get("x-default")).toBe("yes");
      expect(response.headers.get("x-own")).toBe("1");
    }
    expect(constructed).toBe(1);
  });
});
