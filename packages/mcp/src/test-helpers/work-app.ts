import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  type App,
  Controller,
  createApp,
  Get,
  getRequestLogger,
  OperationId,
  Post,
  type PubSub,
  Req,
  Returns,
  Route,
} from "@trellis/core";
import { askForInput, inputResponses, inputState } from "../input-required.js";
import type { McpPrompt } from "../mcp-prompts.js";
import { type McpServerOptions, mcpServer } from "../mcp-server.js";
import { McpTool } from "../planning/mcp-tool.js";
import { reportProgress } from "../progress.js";

/**
 * What the long call saw: how many started, saw their request's signal aborted (`aborted`),
 * saw the controller's `this.signal` aborted (`handlerAborted`), and ended.
 */
export const work = { started: 0, aborted: 0, handlerAborted: 0, finished: 0 };

@Route("/work")
class WorkController extends Controller {
  @Post("/steps")
  @McpTool() // reads the raw request, so it is a tool only when marked
  @OperationId("runSteps")
  @Returns(200, Type.Object({ steps: Type.Integer() }), "The steps run")
  async steps(@Req() request: Request) {
    const log = getRequestLogger(request);
    log.debug("a detail", { step: 0 });
    for (let step = 1; step <= 3; step += 1) {
      log.info(`step ${step}`, { step });
      await reportProgress(request, step, 3, `step ${step} of 3`);
    }
    log.warn("all steps run");
    return { steps: 3 };
  }

  @Post("/forever")
  @McpTool()
  @OperationId("waitForever")
  @Returns(200, Type.Object({ aborted: Type.Boolean() }), "Whether the call was cancelled")
  async forever(@Req() request: Request) {
    work.started += 1;
    // Bounded: a broken cancellation ends the call after 10 s instead of never.
    const { signal } = this;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      request.signal.addEventListener("abort", stop);
      signal.addEventListener("abort", stop);
    });
    // A moment for the other signal to follow the first one.
    await Bun.sleep(0);
    const aborted = request.signal.aborted;
    if (aborted) work.aborted += 1;
    if (signal.aborted) work.handlerAborted += 1;
    work.finished += 1;
    return { aborted };
  }

  @Post("/confirm")
  @McpTool()
  @OperationId("confirmWork")
  @Returns(200, Type.Object({ confirmed: Type.String() }), "Confirmed")
  @Returns(428, "Needs an MCP client's input")
  confirm(@Req() request: Request) {
    const answer = inputResponses(request)?.ok as { action?: string } | undefined;
    const state = inputState<{ asked: string }>(request);
    if (answer?.action !== "accept" || state === undefined) {
      return askForInput(request, {
        inputRequests: {
          ok: {
            method: "elicitation/create",
            params: { message: "Go on?", requestedSchema: { type: "object", properties: {} } },
          },
        },
        state: { asked: "go on" },
      });
    }
    return { confirmed: state.asked };
  }

  @Get("/quiet")
  @McpTool()
  @OperationId("quiet")
  @Returns(200, Type.Object({ ok: Type.Boolean() }), "Nothing logged")
  quiet(@Req() request: Request) {
    // ok: the MCP exchange's own routing headers did not reach the route.
    return { ok: !request.headers.has("mcp-method") && !request.headers.has("mcp-name") };
  }
}

/** A prompt that asks the client's user for a topic first. */
const askingPrompt: McpPrompt = {
  name: "askedPrompt",
  messages: (_args, _request, { responses }) => {
    const given = responses?.topic as { content?: { topic?: string } } | undefined;
    if (given === undefined) {
      const requestedSchema = { type: "object" as const, properties: {} };
      const params = { message: "Which topic?", requestedSchema };
      return {
        askForInput: { inputRequests: { topic: { method: "elicitation/create", params } } },
      };
    }
    const text = `Write about ${String(given.content?.topic)}`;
    return [{ role: "user", content: { type: "text", text } }];
  },
};

/**
 * A small app whose tools log, report progress, ask for input and wait to be cancelled; `pubsub`
 * is the app's and its endpoint's (as two instances behind a balancer share an engine).
 */
export function workApp(options: { mcp?: McpServerOptions; pubsub?: PubSub } = {}): App {
  return createApp({
    schema: typebox(),
    controllers: [WorkController],
    logger: { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} },
    openapi: { service: { name: "work", version: "1.0.0" } },
    ...(options.pubsub === undefined ? {} : { pubsub: options.pubsub }),
    plugins: [
      mcpServer({
        prompts: [askingPrompt],
        ...options.mcp,
        // Instances sharing a pub/sub share a stateKey too (the topic is named from it).
        ...(options.pubsub === undefined
          ? {}
          : { pubsub: options.pubsub, stateKey: "a key every instance of the work app shares" }),
      }),
    ],
  });
}
