import type { McpPrompt } from "@trellis/mcp";
import { redPixel } from "./media.js";

const text = (value: string) => ({
  role: "user" as const,
  content: { type: "text" as const, text: value },
});

/** The suite's fixture prompts, given to `mcpServer({ prompts })`. */
export const prompts: McpPrompt[] = [
  {
    name: "test_simple_prompt",
    description: "A simple prompt without arguments",
    messages: () => [text("This is a simple prompt for testing.")],
  },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with two required arguments",
    arguments: [
      {
        name: "arg1",
        description: "First test argument",
        required: true,
        complete: (value) => ["paris", "park", "party"].filter((one) => one.startsWith(value)),
      },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    messages: ({ arg1, arg2 }) => [text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)],
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt that embeds a resource",
    arguments: [{ name: "resourceUri", description: "The resource to embed", required: true }],
    messages: ({ resourceUri }) => [
      {
        role: "user",
        content: {
          type: "resource",
          resource: {
            uri: resourceUri as string,
            mimeType: "text/plain",
            text: "Embedded resource content for testing.",
          },
        },
      },
      text("Please process the embedded resource above."),
    ],
  },
  {
    name: "test_input_required_result_prompt",
    description: "A prompt that asks the client for context first",
    messages: (_args, _request, { responses }) => {
      const given = responses?.user_context as { content?: { context?: unknown } } | undefined;
      if (given === undefined) {
        return {
          askForInput: {
            inputRequests: {
              user_context: {
                method: "elicitation/create",
                params: {
                  message: "What context should the prompt use?",
                  requestedSchema: {
                    type: "object",
                    properties: { context: { type: "string" } },
                    required: ["context"],
                  },
                },
              },
            },
          },
        };
      }
      return [text(`Use this context: ${String(given.content?.context ?? "")}`)];
    },
  },
  {
    name: "test_prompt_with_image",
    description: "A prompt with an image",
    messages: () => [
      {
        role: "user",
        content: { type: "image", data: redPixel.toString("base64"), mimeType: "image/png" },
      },
      text("Please analyze the image above."),
    ],
  },
];
