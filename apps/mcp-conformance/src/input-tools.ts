import { Controller, Post, Produces, Req, Returns, Route } from "@trellis/core";
import {
  askForInput,
  clientCapabilities,
  type InputAsked,
  inputResponses,
  inputState,
  McpTool,
} from "@trellis/mcp";

type InputRequest = NonNullable<InputAsked["inputRequests"]>[string];

/** An elicitation asking for one string property. */
const ask = (message: string, property: string, type = "string"): InputRequest => ({
  method: "elicitation/create" as const,
  params: {
    message,
    requestedSchema: {
      type: "object" as const,
      properties: { [property]: { type: type as "string" } },
      required: [property],
    },
  },
});

const sample = (text: string, maxTokens: number): InputRequest => ({
  method: "sampling/createMessage" as const,
  params: {
    messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
    maxTokens,
  },
});

const roots: InputRequest = { method: "roots/list", params: {} };

type Answer = { action?: string; content?: Record<string, unknown> } & Record<string, unknown>;
const answer = (request: Request, key: string) =>
  inputResponses(request)?.[key] as Answer | undefined;
const accepted = (request: Request, key: string) => {
  const given = answer(request, key);
  return given?.action === "accept" ? given.content : undefined;
};

/**
 * The suite's input-required fixtures (2026-07-28, SEP-2322), as routes: a first call answers
 * with what the route needs from the client, the retry brings the answers.
 */
@Route("/fixtures/input")
export class FixtureInputTools extends Controller {
  @Post("/elicitation")
  @McpTool({ name: "test_input_required_result_elicitation", description: "Asks for a name." })
  @Produces("text/plain")
  @Returns(200, "The greeting")
  @Returns(428, "Needs an MCP client's input")
  elicitation(@Req() request: Request) {
    const name = accepted(request, "user_name")?.name;
    if (typeof name !== "string") {
      return askForInput(request, {
        inputRequests: { user_name: ask("What is your name?", "name") },
      });
    }
    return `Hello, ${name}!`;
  }

  @Post("/sampling")
  @McpTool({ name: "test_input_required_result_sampling", description: "Asks the model." })
  @Produces("text/plain")
  @Returns(200, "The model's answer")
  @Returns(428, "Needs an MCP client's input")
  sampling(@Req() request: Request) {
    const result = answer(request, "capital_question");
    const text = (result?.content as { text?: string } | undefined)?.text;
    if (typeof text !== "string") {
      return askForInput(request, {
        inputRequests: { capital_question: sample("What is the capital of France?", 100) },
      });
    }
    return `The model said: ${text}`;
  }

  @Post("/roots")
  @McpTool({ name: "test_input_required_result_list_roots", description: "Asks for roots." })
  @Produces("text/plain")
  @Returns(200, "The roots")
  @Returns(428, "Needs an MCP client's input")
  listRoots(@Req() request: Request) {
    const listed = answer(request, "client_roots")?.roots;
    if (!Array.isArray(listed)) {
      return askForInput(request, { inputRequests: { client_roots: roots } });
    }
    return `Roots: ${listed.map((root: { uri?: string }) => root.uri).join(", ")}`;
  }

  @Post("/state")
  @McpTool({ name: "test_input_required_result_request_state", description: "Keeps state." })
  @Produces("text/plain")
  @Returns(200, "Confirmed")
  @Returns(428, "Needs an MCP client's input")
  state(@Req() request: Request) {
    const state = inputState<{ round: number }>(request);
    if (state?.round !== 1 || answer(request, "confirm") === undefined) {
      return askForInput(request, {
        inputRequests: { confirm: ask("Please confirm", "ok", "boolean") },
        state: { round: 1 },
      });
    }
    return "Confirmed: state-ok";
  }

  @Post("/tampered")
  @McpTool({ name: "test_input_required_result_tampered_state", description: "Signs its state." })
  @Produces("text/plain")
  @Returns(200, "Confirmed")
  @Returns(428, "Needs an MCP client's input")
  tampered(@Req() request: Request) {
    // A tampered state never reaches here: the endpoint refuses it (-32602) before the route.
    if (inputState(request) === undefined) {
      return askForInput(request, {
        inputRequests: { confirm: ask("Please confirm", "ok", "boolean") },
        state: { round: 1 },
      });
    }
    return "Confirmed with a state the endpoint signed";
  }

  @Post("/multiple")
  @McpTool({ name: "test_input_required_result_multiple_inputs", description: "Asks thrice." })
  @Produces("text/plain")
  @Returns(200, "All given")
  @Returns(428, "Needs an MCP client's input")
  multiple(@Req() request: Request) {
    const keys = ["user_name", "greeting", "client_roots"];
    if (
      inputState(request) === undefined ||
      keys.some((key) => answer(request, key) === undefined)
    ) {
      return askForInput(request, {
        inputRequests: {
          user_name: ask("What is your name?", "name"),
          greeting: sample("Generate a greeting", 50),
          client_roots: roots,
        },
        state: { round: 1 },
      });
    }
    return "All three inputs received";
  }

  @Post("/multi-round")
  @McpTool({ name: "test_input_required_result_multi_round", description: "Asks twice." })
  @Produces("text/plain")
  @Returns(200, "Both steps")
  @Returns(428, "Needs an MCP client's input")
  multiRound(@Req() request: Request) {
    const round = inputState<{ round: number; name?: string }>(request);
    if (round?.round === 1 && answer(request, "step1") !== undefined) {
      const name = accepted(request, "step1")?.name;
      return askForInput(request, {
        inputRequests: { step2: ask("Step 2: What is your favorite color?", "color") },
        state: { round: 2, name },
      });
    }
    if (round?.round === 2 && answer(request, "step2") !== undefined) {
      return `Done: ${String(round.name)} likes ${String(accepted(request, "step2")?.color)}`;
    }
    return askForInput(request, {
      inputRequests: { step1: ask("Step 1: What is your name?", "name") },
      state: { round: 1 },
    });
  }

  @Post("/capabilities")
  @McpTool({ name: "test_input_required_result_capabilities", description: "Asks what it may." })
  @Produces("text/plain")
  @Returns(200, "Done")
  @Returns(428, "Needs an MCP client's input")
  capabilities(@Req() request: Request) {
    const declared = clientCapabilities(request);
    if (inputResponses(request) !== undefined) return "Done with what the client could give";
    return askForInput(request, {
      inputRequests: {
        ...(declared.elicitation === undefined
          ? {}
          : { user_name: ask("What is your name?", "name") }),
        ...(declared.sampling === undefined ? {} : { greeting: sample("Generate a greeting", 50) }),
        ...(declared.roots === undefined ? {} : { client_roots: roots }),
      },
      state: { round: 1 },
    });
  }

  @Post("/missing-capability")
  @McpTool({ name: "test_missing_capability", description: "Needs sampling, always." })
  @Produces("text/plain")
  @Returns(200, "Done")
  @Returns(428, "Needs an MCP client's input")
  missingCapability(@Req() request: Request) {
    // Asks for sampling whatever the client declared: the endpoint answers -32021 when it did not.
    if (answer(request, "greeting") !== undefined) return "Sampled";
    return askForInput(request, { inputRequests: { greeting: sample("Say hi", 10) } });
  }

  @Post("/streaming-elicitation")
  @McpTool({ name: "test_streaming_elicitation", description: "Elicits during the call." })
  @Produces("text/plain")
  @Returns(200, "Done")
  @Returns(428, "Needs an MCP client's input")
  streamingElicitation(@Req() request: Request) {
    // Never a request of its own on the response stream: the question is an input-required result.
    if (answer(request, "user_name") !== undefined) return "Thanks";
    return askForInput(request, {
      inputRequests: { user_name: ask("What is your name?", "name") },
    });
  }
}
