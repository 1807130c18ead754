import { Controller, Get, Options, Route } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { Conditional } from "./conditional-decorator.js";
import { checkConditional } from "./conditional-policy.js";
import { conditionalKey, conditionalRequests } from "./conditional-requests.js";
import { expectConfigError, type Json, send, testApp } from "./test-helpers/test-app.js";

// The feature object as core sees it: its names in startup errors, the MCP fragment of a write,
// nothing planned for OPTIONS, and every unknown option named.
describe("conditionalRequests() as a feature", () => {
  it("names itself and its decorator in startup errors", () => {
    expect(conditionalKey.decorator).toBe("@Conditional");
    @Route("/x")
    class X extends Controller {
      @Get()
      read() {
        return 1;
      }
    }
    expectConfigError(
      () => testApp([X], { plugins: [conditionalRequests(), conditionalRequests()] }),
      "INVALID_FEATURE",
      'plugins list the route feature "conditional" twice; list each once',
    );
  });

  it("gives a conditional write's MCP tool the If-Match argument, required with requireIfMatch", () => {
    const feature = conditionalRequests();
    const put = { method: "PUT" } as never;
    const [argument] =
      feature.tool?.({ etag: "strong", requireIfMatch: true }, put)?.arguments ?? [];
    expect([argument?.name, argument?.in, argument?.required]).toEqual([
      "If-Match",
      "header",
      true,
    ]);
    expect(
      feature.tool?.({ etag: "strong", requireIfMatch: false }, { method: "GET" } as never),
    ).toBeUndefined();
  });

  it("plans nothing for OPTIONS: no precondition parameter documented there", () => {
    @Route("/o")
    @Conditional({ requireIfMatch: true })
    class O extends Controller {
      @Options()
      describe() {
        return { methods: ["GET"] };
      }

      @Get()
      read() {
        return 1;
      }
    }
    const document = testApp([O]).document as Json;
    expect(document.paths["/o"].options.parameters ?? []).toEqual([]);
    expect(document.paths["/o"].options.responses["412"]).toBeUndefined();
    expect(document.paths["/o"].get.parameters.map((p: Json) => p.name)).toEqual(["If-None-Match"]);
  });

  it("keeps a class's other options on its reads when it drops requireIfMatch there", async () => {
    @Route("/w")
    @Conditional({ etag: "weak", requireIfMatch: true })
    class W extends Controller {
      @Get()
      read() {
        return { a: 1 };
      }
    }
    const answer = await send(testApp([W]), "GET", "/w");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("names every unknown option, comma-separated", () => {
    expectConfigError(
      () => checkConditional({ ttl: 1, weak: true }, "A.read"),
      "INVALID_CONDITIONAL",
      "ttl, weak",
    );
  });
});
