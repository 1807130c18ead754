import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { OperationId } from "../decorators/docs.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { testApp } from "../test-helpers/test-app.js";

// What reading controllers into operations refuses at startup, and what each refusal says. Every
// app is built inside its test.
describe("reading controllers at startup", () => {
  it("refuses what is not a controller class, saying what it is", () => {
    expectConfigError(() => testApp([null as never]), "NOT_A_CONTROLLER", "contains null,");
    expectConfigError(() => testApp(["Users" as never]), "NOT_A_CONTROLLER", "contains Users,");
    expectConfigError(
      () => testApp([(() => "no prototype") as never]),
      "NOT_A_CONTROLLER",
      "contains a function without a prototype,",
    );
  });

  it("refuses a class without routes, naming an anonymous one and the decorator settings", () => {
    const anonymous = [class extends Controller {}][0] as typeof Controller;
    expect(anonymous.name).toBe("");
    expectConfigError(
      () => testApp([anonymous]),
      "CONTROLLER_WITHOUT_ROUTES",
      "(anonymous class)",
      '"experimentalDecorators": true',
    );
  });

  it("refuses a route on a symbol-named method and on an accessor", () => {
    const key = Symbol("list");
    @Route("/symbols")
    class SymbolController extends Controller {
      @Get()
      [key]() {
        return [];
      }
    }
    expectConfigError(
      () => testApp([SymbolController]),
      "INVALID_DECORATOR_TARGET",
      "decorated member is not a method with a string name",
    );
    @Route("/accessors")
    class AccessorController extends Controller {
      @Get()
      get list() {
        return [];
      }
    }
    expectConfigError(
      () => testApp([AccessorController]),
      "INVALID_DECORATOR_TARGET",
      "AccessorController.list",
      "decorated member is not a method with a string name",
    );
  });

  it("refuses an operation id or a security scheme that is not a non-empty string", () => {
    for (const id of [5, ""]) {
      @Route("/ids")
      class IdController extends Controller {
        @Get()
        @OperationId(id as string)
        list() {
          return [];
        }
      }
      expectConfigError(() => testApp([IdController]), "INVALID_OPERATION_ID", "IdController.list");
    }
    for (const scheme of [5, ""]) {
      @Route("/secured")
      class SecuredController extends Controller {
        @Get()
        @Security(scheme as string)
        list() {
          return [];
        }
      }
      expectConfigError(
        () => testApp([SecuredController]),
        "INVALID_SECURITY_REQUIREMENT",
        "SecuredController.list: @Security needs a scheme name.",
      );
    }
  });

  it("says what a body limit must be", () => {
    @Route("/limited")
    class LimitedController extends Controller {
      @Get()
      @BodyLimit(-1)
      list() {
        return [];
      }
    }
    expectConfigError(
      () => testApp([LimitedController]),
      "INVALID_LIMIT",
      "LimitedController.list: body limit",
      "a positive integer number of bytes",
    );
  });
});
