import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Produces } from "../decorators/produces.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { SendUndeclared } from "../decorators/send-undeclared.js";
import { Sse } from "../decorators/sse.js";
import { ValidateResponse } from "../decorators/validate-response.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";

const Address = schema(
  { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  "Address",
);
const Account = schema(
  {
    type: "object",
    properties: {
      id: { type: "string" },
      address: { $ref: "#/components/schemas/Address" },
      createdAt: { type: "string", format: "date-time" },
      friends: { type: "array", items: { $ref: "#/components/schemas/Address" } },
    },
    required: ["id"],
  },
  "Account",
);

// Validated with the test adapter, which resolves no references: a flat model.
const Named = schema({
  type: "object",
  properties: { id: { type: "string" }, name: { type: "string" } },
  required: ["id"],
});

const when = new Date("2026-03-04T05:06:07.000Z");
const row = () => ({
  id: "1",
  passwordHash: "top-secret",
  address: { city: "Paris", passwordHash: "nested-secret" },
  createdAt: when,
  friends: [{ city: "Rome", passwordHash: "item-secret" }],
});
const declared = {
  id: "1",
  address: { city: "Paris" },
  createdAt: "2026-03-04T05:06:07.000Z",
  friends: [{ city: "Rome" }],
};

@Route("/accounts")
class AccountController extends Controller {
  // Declares the Address model the Account schema references.
  @Get("/address")
  @Returns(200, Address)
  address() {
    return row().address;
  }

  @Get("/one")
  @Returns(200, Account)
  one() {
    return row();
  }

  @Get("/list")
  @Returns(200, [Account])
  list() {
    return [row(), row()];
  }

  @Get("/created")
  @Returns(201, Account)
  @Returns(202, "Accepted, body as returned")
  created() {
    this.setStatus(this.setHeaderAndStatus());
    return row();
  }

  setHeaderAndStatus() {
    this.setHeader("x-kind", "created");
    return 201;
  }

  @Get("/accepted")
  @Returns(202, "Accepted")
  accepted() {
    this.setStatus(202);
    return row();
  }

  @Get("/whole")
  @Returns(200, Account)
  @SendUndeclared()
  whole() {
    return row();
  }

  @Get("/response")
  @Returns(200, Account)
  response() {
    return Response.json(row());
  }

  @Get("/stream")
  @Returns(200, Account)
  stream() {
    return new Blob([JSON.stringify(row())], { type: "application/json" });
  }

  @Get("/untyped")
  untyped() {
    return row();
  }

  @Get("/produced")
  @Produces("application/json", "text/plain")
  @Returns(200, Account)
  produced() {
    return row();
  }

  @Get("/text")
  @Produces("text/plain")
  @Returns(200, Account)
  text() {
    return JSON.stringify(row());
  }

  @Get("/validated")
  @Returns(200, Named)
  @ValidateResponse()
  validated() {
    return { ...row(), name: "Ada" };
  }

  @Sse("/events")
  @Returns(200, Account)
  async *events() {
    yield row();
  }
}

@Route("/open")
@SendUndeclared()
class OpenController extends Controller {
  @Get("/a")
  @Returns(200, Account)
  a() {
    return row();
  }

  @Get("/b")
  @Returns(200, Account)
  @SendUndeclared(false)
  b() {
    return row();
  }
}

const secrets = ["passwordHash", "top-secret", "nested-secret", "item-secret"];
const expectNoSecret = (text: string) => {
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe("2xx bodies carry what their @Returns declares", () => {
  const app = testApp([AccountController, OpenController]);

  it("drops undeclared properties at the top, in nested objects and in array items", async () => {
    const one = await send(app, "GET", "/accounts/one");
    expect(one.headers.get("content-type")).toContain("application/json");
    const text = await one.text();
    expectNoSecret(text);
    expect(JSON.parse(text)).toEqual(declared);
    const list = await (await send(app, "GET", "/accounts/list")).text();
    expectNoSecret(list);
    expect(JSON.parse(list)).toEqual([declared, declared]);
  });

  it("applies the schema of the status answered, headers kept; a status without one passes", async () => {
    const created = await send(app, "GET", "/accounts/created");
    expect(created.status).toBe(201);
    expect(created.headers.get("x-kind")).toBe("created");
    expect(await created.json()).toEqual(declared);
    const accepted = await send(app, "GET", "/accounts/accepted");
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toContain("top-secret");
  });

  it("passes a Response, a Blob, a route without a schema and a non-JSON string through", async () => {
    for (const path of ["/response", "/stream", "/untyped"]) {
      expect(await (await send(app, "GET", `/accounts${path}`)).text()).toContain("nested-secret");
    }
    const text = await send(app, "GET", "/accounts/text");
    expect(text.headers.get("content-type")).toContain("text/plain");
    expect(await text.text()).toContain("nested-secret");
    // An event stream's events are sent as they are.
    const events = await send(app, "GET", "/accounts/events");
    expect(await events.text()).toContain("nested-secret");
  });

  it("reduces a JSON representation of a @Produces route", async () => {
    const json = await send(app, "GET", "/accounts/produced", {
      headers: { accept: "application/json" },
    });
    expectNoSecret(await json.text());
  });

  it("validates the value as returned, then sends what is declared", async () => {
    const validated = await send(app, "GET", "/accounts/validated");
    expect(validated.status).toBe(200);
    expect(await validated.json()).toEqual({ id: "1", name: "Ada" });
  });

  it("sends undeclared properties where a method, its class or the app asks", async () => {
    expect(await (await send(app, "GET", "/accounts/whole")).text()).toContain("nested-secret");
    expect(await (await send(app, "GET", "/open/a")).text()).toContain("nested-secret");
    expectNoSecret(await (await send(app, "GET", "/open/b")).text());
    const whole = testApp([AccountController], { sendUndeclared: true });
    expect(await (await send(whole, "GET", "/accounts/one")).text()).toContain("nested-secret");
  });

  it("refuses an app option that is not a boolean", () => {
    expectConfigError(
      () => testApp([AccountController], { sendUndeclared: "yes" as never }),
      "INVALID_OPTION",
      "sendUndeclared must be a boolean",
    );
  });
});
