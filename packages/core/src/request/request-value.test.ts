import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Query, RequestValue } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

// A feature package's own parameter decorator, built on the public contract.
const seen = new WeakMap<Request, string>();
const Tenant = () => RequestValue((request) => seen.get(request) ?? "none");
const Page = schema({ type: "integer", minimum: 1 });

@Route("/tenants")
class TenantController extends Controller {
  @Get()
  @UseGuards(({ request }) => {
    seen.set(request, request.headers.get("x-tenant") ?? "anonymous");
    return true;
  })
  list(@Query("page", Page) page: number, @Tenant() tenant: string) {
    return { page, tenant };
  }

  @Get("/plain")
  plain(@Tenant() tenant: string) {
    return { tenant };
  }
}

describe("@RequestValue(read)", () => {
  it("gives the handler read(request), after guards ran on the same request", async () => {
    const app = testApp([TenantController]);
    const response = await send(app, "GET", "/tenants?page=2", { headers: { "x-tenant": "acme" } });
    expect(await response.json()).toEqual({ page: 2, tenant: "acme" });
    expect(await (await send(app, "GET", "/tenants/plain")).json()).toEqual({ tenant: "none" });
  });

  it("is neither documented nor validated: the document shows only the query parameter", () => {
    const app = testApp([TenantController]);
    const operation = (app.document as Json).paths["/tenants"].get;
    expect(operation.parameters.map((parameter: Json) => parameter.name)).toEqual(["page"]);
    expect((app.document as Json).paths["/tenants/plain"].get.parameters).toBeUndefined();
  });

  it("still validates the other inputs (a bad page is 400, read is not reached)", async () => {
    const app = testApp([TenantController]);
    expect((await send(app, "GET", "/tenants?page=0")).status).toBe(400);
  });

  it("refuses a read that is not a function, at startup, naming the method", () => {
    @Route("/broken")
    class BrokenController extends Controller {
      @Get()
      get(@RequestValue(undefined as never) _value: unknown) {
        return {};
      }
    }
    expectConfigError(
      () => testApp([BrokenController]),
      "INVALID_REQUEST_VALUE",
      "BrokenController.get",
    );
  });
});
