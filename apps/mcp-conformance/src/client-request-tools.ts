import { Type } from "@sinclair/typebox";
import { Controller, Post, Produces, Query, Req, Returns, Route } from "@trellis/core";
import { askForInput, type InputAsked, inputResponses, McpTool } from "@trellis/mcp";

type Elicitation = Extract<
  NonNullable<InputAsked["inputRequests"]>[string],
  { method: "elicitation/create" }
>;
type Elicited = { action?: string; content?: Record<string, unknown> };

/** Asks for one elicitation by key `answer`, or reads what the client answered to it. */
function elicited(request: Request, message: string, properties: Record<string, object>) {
  const answer = inputResponses(request)?.answer as Elicited | undefined;
  if (answer !== undefined) return { answer };
  // The suite's own schemas, as its scenarios spell them (SEP-1034 defaults, SEP-1330 enums).
  const requestedSchema = { type: "object", properties, required: [] };
  const params = { message, requestedSchema } as Elicitation["params"];
  return {
    ask: askForInput(request, {
      inputRequests: { answer: { method: "elicitation/create", params } },
    }),
  };
}

const completed = ({ action, content }: Elicited) =>
  `Elicitation completed: action=${String(action)}, content=${JSON.stringify(content ?? {})}`;

/**
 * The suite's fixtures of server-to-client requests during a call (2025-11-25: sampling and
 * elicitation scenarios), as routes asking with `askForInput` like every other: a 2025-era call
 * sends the request on its stream and runs the route again with the client's answer.
 */
@Route("/fixtures/client-requests")
export class FixtureClientRequestTools extends Controller {
  @Post("/sampling")
  @McpTool({ name: "test_sampling", description: "Asks the client's model." })
  @Produces("text/plain")
  @Returns(200, "The model's answer")
  @Returns(428, "Needs an MCP client's input")
  sampling(@Req() request: Request, @Query("prompt", Type.String()) prompt: string) {
    const answer = inputResponses(request)?.sampled as { content?: { text?: string } } | undefined;
    if (answer === undefined) {
      const messages = [
        { role: "user" as const, content: { type: "text" as const, text: prompt } },
      ];
      return askForInput(request, {
        inputRequests: {
          sampled: { method: "sampling/createMessage", params: { messages, maxTokens: 100 } },
        },
      });
    }
    return `LLM response: ${String(answer.content?.text)}`;
  }

  @Post("/elicitation")
  @McpTool({ name: "test_elicitation", description: "Asks the client's user." })
  @Produces("text/plain")
  @Returns(200, "The user's answer")
  @Returns(428, "Needs an MCP client's input")
  elicitation(@Req() request: Request, @Query("message", Type.String()) message: string) {
    const asked = elicited(request, message, {
      username: { type: "string", description: "User's response" },
      email: { type: "string", description: "User's email address" },
    });
    if (asked.ask !== undefined) return asked.ask;
    const { action, content } = asked.answer;
    return `User response: <action: ${String(action)}, content: ${JSON.stringify(content ?? {})}>`;
  }

  @Post("/defaults")
  @McpTool({ name: "test_elicitation_sep1034_defaults", description: "Asks with defaults." })
  @Produces("text/plain")
  @Returns(200, "The user's answer")
  @Returns(428, "Needs an MCP client's input")
  defaults(@Req() request: Request) {
    const asked = elicited(request, "Please review the defaults", {
      name: { type: "string", description: "User name", default: "John Doe" },
      age: { type: "integer", description: "User age", default: 30 },
      score: { type: "number", description: "User score", default: 95.5 },
      status: {
        type: "string",
        description: "User status",
        enum: ["active", "inactive", "pending"],
        default: "active",
      },
      verified: { type: "boolean", description: "Verification status", default: true },
    });
    return asked.ask ?? completed(asked.answer);
  }

  @Post("/enums")
  @McpTool({ name: "test_elicitation_sep1330_enums", description: "Asks with every enum form." })
  @Produces("text/plain")
  @Returns(200, "The user's answer")
  @Returns(428, "Needs an MCP client's input")
  enums(@Req() request: Request) {
    const asked = elicited(request, "Please choose", {
      untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
      titledSingle: {
        type: "string",
        oneOf: [
          { const: "value1", title: "First Option" },
          { const: "value2", title: "Second Option" },
          { const: "value3", title: "Third Option" },
        ],
      },
      legacyEnum: {
        type: "string",
        enum: ["opt1", "opt2", "opt3"],
        enumNames: ["Option One", "Option Two", "Option Three"],
      },
      untitledMulti: {
        type: "array",
        items: { type: "string", enum: ["option1", "option2", "option3"] },
      },
      titledMulti: {
        type: "array",
        items: {
          anyOf: [
            { const: "value1", title: "First Choice" },
            { const: "value2", title: "Second Choice" },
            { const: "value3", title: "Third Choice" },
          ],
        },
      },
    });
    return asked.ask ?? completed(asked.answer);
  }
}
