import { schema } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import {
  getRequestId,
  isUsableRequestId,
  maxRequestIdLength,
  requestIdPolicy,
} from "./request-id.js";

const Named = schema(
  { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  "Named",
);

let seenInHandler: string | undefined;

@Route("/things")
class ThingController extends Controller {
  @Get()
  list() {
    return [];
  }

  @Post()
  create(@Body(Named) input: { name: string }) {
    return input;
  }

  @Get("/boom")
  boom(): never {
    throw new Error("secret internals");
  }
}

@Route("/seen")
class SeenController extends Controller {
  @Get()
  seen() {
    return { id: seenInHandler };
  }
}

describe("request ids by default: made on demand", () => {
  const app = testApp([ThingController, SeenController]);

  it("put no header on any answer and read none a client sends", async () => {
    for (const [method, path] of [
      ["GET", "/things"],
      ["GET", "/nowhere"],
      ["DELETE", "/things"],
      ["OPTIONS", "/things"],
    ] as const) {
      const response = await send(app, method, path, { headers: { "x-request-id": "forged" } });
      expect(response.headers.get("x-request-id")).toBeNull();
    }
  });

  it("give an error answer and its log line one id, never the one the client sent", async () => {
    const failed = await send(app, "GET", "/things/boom", {
      headers: { "x-request-id": "forged" },
    });
    const problem = (await failed.json()) as Json;
    expect(failed.status).toBe(500);
    expect(problem.requestId).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(JSON.stringify(problem)).not.toContain("secret internals");
    expect(String(app.logged.at(-1)?.[0])).toContain(`(request ${problem.requestId})`);
    const invalid = (await (await send(app, "POST", "/things", { json: {} })).json()) as Json;
    expect(invalid.requestId).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(invalid.requestId).not.toBe(problem.requestId);
  });

  it("make one the first time it is asked for, and give the same one after", () => {
    const request = new Request("http://test.local/");
    const id = getRequestId(request) as string;
    expect(isUsableRequestId(id)).toBe(true);
    expect(getRequestId(request)).toBe(id);
    expect(getRequestId(new Request("http://test.local/"))).not.toBe(id);
  });

  it("are the same with requestId: false", async () => {
    const quiet = testApp([ThingController], { requestId: false });
    const response = await send(quiet, "GET", "/nowhere", { headers: { "x-request-id": "r" } });
    expect(response.headers.get("x-request-id")).toBeNull();
    expect(((await response.json()) as Json).requestId).toMatch(/^[0-9a-f]{12}-/);
  });
});

describe("request ids with requestId: true", () => {
  const app = testApp([ThingController, SeenController], {
    requestId: true,
    middleware: [
      (request, next) => {
        seenInHandler = getRequestId(request);
        return next();
      },
    ],
  });

  it("generates one for every request, different for each, echoed on every answer", async () => {
    const first = (await send(app, "GET", "/things")).headers.get("x-request-id");
    const second = (await send(app, "GET", "/things")).headers.get("x-request-id");
    expect(first).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second).not.toBe(first);
  });

  it("never keeps the one a client sent unless trusted", async () => {
    const response = await send(app, "GET", "/seen", { headers: { "x-request-id": "abc-123" } });
    const echoed = response.headers.get("x-request-id");
    expect(echoed).not.toBe("abc-123");
    expect(((await response.json()) as Json).id).toBe(echoed);
  });

  it("echoes it on 404, 405 and OPTIONS answers, and carries it in their problem bodies", async () => {
    for (const [method, path, status] of [
      ["GET", "/nowhere", 404],
      ["DELETE", "/things", 405],
      ["OPTIONS", "/things", 204],
    ] as const) {
      const response = await send(app, method, path);
      expect(response.status).toBe(status);
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{12}-/);
      if (status !== 204) expect(((await response.json()) as Json).requestId).toBe(id);
    }
  });

  it("takes another header and generator; a generator that fails or makes junk is replaced", async () => {
    const named = testApp([ThingController], {
      requestId: { header: "X-Correlation-ID", generate: () => "mine-1" },
    });
    const response = await send(named, "GET", "/things");
    expect(response.headers.get("x-correlation-id")).toBe("mine-1");
    expect(response.headers.get("x-request-id")).toBeNull();

    for (const generate of [
      () => {
        throw new Error("no ids today");
      },
      () => "has spaces in it",
    ]) {
      const odd = testApp([ThingController], { requestId: { generate } });
      const id = (await send(odd, "GET", "/things")).headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    }
  });

  it("refuses a malformed requestId option at startup", () => {
    for (const requestId of [
      { header: "bad header" },
      { generate: "no" },
      { trust: "yes" },
      "yes",
      null,
    ]) {
      expect(() => testApp([ThingController], { requestId: requestId as never })).toThrow(
        TrellisConfigError,
      );
    }
  });
});

describe("request ids with requestId: { trust: true } (behind a proxy that sets them)", () => {
  const app = testApp([ThingController, SeenController], {
    requestId: { trust: true },
    middleware: [
      (request, next) => {
        seenInHandler = getRequestId(request);
        return next();
      },
    ],
  });

  it("keeps a short printable id and shows it to middleware and handlers", async () => {
    const response = await send(app, "GET", "/seen", { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    expect(((await response.json()) as Json).id).toBe("abc-123");
  });

  it.each([
    ["too long", "a".repeat(maxRequestIdLength + 1)],
    ["with a space", "two words"],
    ["with a control character", "a\tb"],
    ["empty", ""],
  ])("replaces one that is %s", async (_, brought) => {
    const request = new Request("http://test.local/things");
    // Headers refuse some values outright; set what they take.
    try {
      request.headers.set("x-request-id", brought);
    } catch {}
    const response = await app.fetch(request);
    const id = response.headers.get("x-request-id");
    expect(id).not.toBe(brought);
    expect(id !== null && isUsableRequestId(id)).toBe(true);
  });

  it("keeps one of exactly the longest length", async () => {
    const brought = "x".repeat(maxRequestIdLength);
    const response = await send(app, "GET", "/things", { headers: { "x-request-id": brought } });
    expect(response.headers.get("x-request-id")).toBe(brought);
  });

  it("carries it in every problem+json body and the log line: validation, 404 and 500", async () => {
    const invalid = await send(app, "POST", "/things", {
      json: {},
      headers: { "x-request-id": "bad-input" },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as Json).requestId).toBe("bad-input");

    const missing = await send(app, "GET", "/nowhere", { headers: { "x-request-id": "lost" } });
    expect(((await missing.json()) as Json).requestId).toBe("lost");

    const failed = await send(app, "GET", "/things/boom", { headers: { "x-request-id": "r-500" } });
    const problem = (await failed.json()) as Json;
    expect(failed.status).toBe(500);
    expect(problem.requestId).toBe("r-500");
    expect(String(app.logged.at(-1)?.[0])).toContain("(request r-500)");
  });
});

describe("request ids under Bun.serve's route map", () => {
  const app = testApp([ThingController], { requestId: { trust: true } });
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(() => {
    server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  });
  afterAll(() => server.stop(true));

  it("echoes the id on routed, 404 and 405 answers", async () => {
    for (const [method, path] of [
      ["GET", "/things"],
      ["GET", "/nowhere"],
      ["DELETE", "/things"],
    ] as const) {
      const response = await fetch(new URL(path, server.url), {
        method,
        headers: { "x-request-id": `via-${method}` },
      });
      expect(response.headers.get("x-request-id")).toBe(`via-${method}`);
    }
  });
});

describe("requestIdPolicy and isUsableRequestId, on their own", () => {
  const withId = (header: string, id: string) =>
    new Request("http://test.local/", { headers: { [header]: id } });

  it("takes printable ASCII from ! to ~ and nothing around it", () => {
    for (const usable of ["!", "~", "a!~z", "0"])
      expect(isUsableRequestId(usable), usable).toBe(true);
    for (const unusable of [" ", "a b", "\u007f", "é", "tab\there", ""]) {
      expect(isUsableRequestId(unusable), JSON.stringify(unusable)).toBe(false);
    }
  });

  it("keeps no id a request brings unless trusted, and names its header in lower case", () => {
    const plain = requestIdPolicy();
    expect(plain.header).toBe("x-request-id");
    expect(plain.assign(withId("x-request-id", "from-client"))).not.toBe("from-client");
    const trusting = requestIdPolicy({ header: "X-Trace-Id", trust: true });
    expect(trusting.header).toBe("x-trace-id");
    expect(trusting.assign(withId("x-trace-id", "from-proxy"))).toBe("from-proxy");
  });

  it("replaces what a generator makes that is not a usable string", () => {
    for (const made of [42, null, { id: "x" }, "has space"]) {
      const id = requestIdPolicy({ generate: () => made as never }).assign(
        new Request("http://t/"),
      );
      expect(typeof id).toBe("string");
      expect(isUsableRequestId(id)).toBe(true);
      expect(id).not.toBe(made);
    }
    expect(requestIdPolicy({ generate: () => "mine-1" }).assign(new Request("http://t/"))).toBe(
      "mine-1",
    );
  });
});
