import { Principal } from "@trellis/auth";
import {
  Controller,
  Description,
  Get,
  OperationId,
  Returns,
  Route,
  Security,
  Summary,
  Tags,
} from "@trellis/core";
import { McpTool } from "@trellis/mcp";
import { Me } from "./me.js";

/**
 * Who is calling: the one route of the example that needs credentials, a bearer token from the
 * identity provider or an API key, either with the `users:read` scope. Every other route is public.
 */
@Route("/me")
@Tags("account")
export class MeController extends Controller {
  @Get()
  @OperationId("getMe")
  @Summary("Who am I")
  @Description("The caller, by bearer token or API key; needs the users:read scope.")
  @Security("bearer", ["users:read"]) // two requirements: either one admits the request
  @Security("key", ["users:read"])
  // Not a tool: the example's MCP endpoint serves the public users API (see the README).
  @McpTool(false)
  @Returns(200, Me, "The caller")
  me(@Principal() principal: Principal): Me {
    return { subject: principal.subject, via: principal.via };
  }
}
