import { describe, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { OperationId } from "../decorators/docs.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { testApp } from "../test-helpers/test-app.js";
import { OnOpen, WebSocketRoute } from "../websocket/websocket-decorators.js";

// A decorator given a wrong argument has its own code, never the createApp option code.
describe("decorator arguments at startup", () => {
  it("refuses an @OperationId that is not a non-empty string", () => {
    @Route("/ids")
    class IdController extends Controller {
      @Get()
      @OperationId("")
      list() {
        return [];
      }
    }
    expectConfigError(() => testApp([IdController]), "INVALID_OPERATION_ID", "IdController.list");
  });

  it("refuses a @Security without a scheme or with scopes that are not strings", () => {
    @Route("/no-scheme")
    class NoScheme extends Controller {
      @Get()
      @Security("")
      get() {
        return "";
      }
    }
    expectConfigError(() => testApp([NoScheme]), "INVALID_SECURITY_REQUIREMENT", "NoScheme.get");
    @Route("/scopes")
    @Security("bearer", [1] as never)
    class BadScopes extends Controller {
      @Get()
      get() {
        return "";
      }
    }
    expectConfigError(() => testApp([BadScopes]), "INVALID_SECURITY_REQUIREMENT", "scopes");
  });

  it("reads a WebSocket upgrade's @Security by the same rule", () => {
    @WebSocketRoute("/ws/secured")
    class SecuredSocket {
      @OnOpen()
      @Security("bearer", [1] as never)
      open() {}
    }
    expectConfigError(
      () => testApp([SecuredSocket]),
      "INVALID_SECURITY_REQUIREMENT",
      "SecuredSocket.open",
    );
  });
});
