import {
  type GetPromptResult,
  type Prompt,
  type PromptMessage,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import type { InputAsked } from "./input-required.js";
import { mcpError } from "./mcp-errors.js";

/** One argument of a prompt, as `prompts/list` shows it. */
export interface McpPromptArgument {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly required?: boolean;
  /** Suggestions for its value (`completion/complete`): the value typed so far, the others given. */
  readonly complete?: (
    value: string,
    others: Readonly<Record<string, string>>,
  ) => readonly string[] | Promise<readonly string[]>;
}

/**
 * A prompt the endpoint offers (`prompts/list`, `prompts/get`): a message template an agent's
 * user picks. `messages` gets the arguments (each required one present) and the MCP request
 * (for its caller) and, once it asked, the client's answers (a 2026-07-28 retry, or the endpoint's
 * next round for a 2025-era client); it returns the messages, the
 * whole result with a description, or `{ askForInput }` when it needs the client's input first.
 */
export interface McpPrompt {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly McpPromptArgument[];
  messages(
    args: Readonly<Record<string, string>>,
    request: Request,
    input: McpPromptInput,
  ): McpPromptAnswer | Promise<McpPromptAnswer>;
}

/**
 * What a prompt is called with: the client's answers once it asked (undefined before), and the
 * capabilities a 2026-07-28 request declares (empty for a 2025-era one, which carries none).
 */
export interface McpPromptInput {
  readonly responses: Readonly<Record<string, unknown>> | undefined;
  readonly capabilities: Readonly<Record<string, unknown>>;
}

/** A prompt's messages, its whole result, or `{ askForInput }`: input it needs first. */
export type McpPromptAnswer =
  | readonly PromptMessage[]
  | GetPromptResult
  | { readonly askForInput: InputAsked };

const fail = (why: string): never => {
  throw mcpError("INVALID_MCP_SERVER_OPTIONS", [why]);
};

/** The prompts of `mcpServer({ prompts })`, checked once, served to every request. */
export class PromptCatalog {
  private readonly byName = new Map<string, McpPrompt>();
  readonly listed: Prompt[];

  constructor(prompts: readonly McpPrompt[]) {
    for (const prompt of prompts) {
      if (typeof prompt?.name !== "string" || !/^[A-Za-z0-9_.-]{1,128}$/.test(prompt.name)) {
        fail(`a prompt's name must be 1 to 128 of A-Z a-z 0-9 _ - . (${String(prompt?.name)}).`);
      }
      if (this.byName.has(prompt.name)) fail(`two prompts are named "${prompt.name}".`);
      if (typeof prompt.messages !== "function") fail(`prompt "${prompt.name}" has no messages().`);
      this.byName.set(prompt.name, prompt);
    }
    this.listed = prompts.map(({ name, title, description, arguments: args }) => ({
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(args === undefined
        ? {}
        : {
            arguments: args.map(({ complete: _complete, ...argument }) => ({ ...argument })),
          }),
    }));
  }

  get empty(): boolean {
    return this.byName.size === 0;
  }

  get completes(): boolean {
    return [...this.byName.values()].some((prompt) =>
      (prompt.arguments ?? []).some((argument) => argument.complete !== undefined),
    );
  }

  private find(name: string): McpPrompt {
    const prompt = this.byName.get(name);
    if (prompt === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`);
    }
    return prompt;
  }

  /** `prompts/get`: the messages, once every required argument is there. */
  async get(
    name: string,
    args: Readonly<Record<string, string>>,
    request: Request,
    input: McpPromptInput,
  ): Promise<GetPromptResult | { readonly askForInput: InputAsked }> {
    const prompt = this.find(name);
    const missing = (prompt.arguments ?? []).filter(
      (argument) => argument.required === true && typeof args[argument.name] !== "string",
    );
    if (missing.length > 0) {
      const names = missing.map((argument) => `"${argument.name}"`).join(", ");
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt ${name} needs the argument(s) ${names}`,
      );
    }
    const known = new Set((prompt.arguments ?? []).map((argument) => argument.name));
    const unknown = Object.keys(args).filter((key) => !known.has(key));
    if (unknown.length > 0) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt ${name} has no argument "${unknown[0]}"`,
      );
    }
    const made = await prompt.messages(args, request, input);
    if ("askForInput" in made) return made as { readonly askForInput: InputAsked };
    return Array.isArray(made)
      ? {
          ...(prompt.description === undefined ? {} : { description: prompt.description }),
          messages: [...made],
        }
      : (made as GetPromptResult);
  }

  /** `completion/complete` of a prompt argument: its suggestions, at most 100. */
  async complete(
    name: string,
    argument: string,
    value: string,
    others: Readonly<Record<string, string>>,
  ): Promise<string[]> {
    const suggest = this.find(name).arguments?.find((one) => one.name === argument)?.complete;
    if (suggest === undefined) return [];
    return [...(await suggest(value, others))].slice(0, 100);
  }
}
