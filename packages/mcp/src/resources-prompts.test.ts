import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { typebox } from "@trellis/adapter-typebox";
import { Controller, createApp, Get, Param, Post, Returns, Route } from "@trellis/core";
import { expectConfigError, within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpResource } from "./mcp-resource.js";
import { mcpServer } from "./mcp-server.js";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { libraryApp } from "./test-helpers/library-app.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: URL;
beforeAll(() => {
  const app = libraryApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  endpoint = new URL(`http://127.0.0.1:${server.port}/mcp`);
});
afterAll(() => server.stop(true));

const clients = {
  "2026-07-28": async (headers: Record<string, string> = {}) => {
    const client = new ModernClient(
      { name: "modern", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await within(
      client.connect(
        new ModernTransport(endpoint, { fetch: boundedFetch, requestInit: { headers } }),
      ),
      5,
      "connect",
    );
    return client;
  },
  "2025-11-25": async (headers: Record<string, string> = {}) => {
    const client = new Client({ name: "legacy", version: "1.0.0" });
    await within(
      client.connect(
        new StreamableHTTPClientTransport(endpoint, {
          fetch: boundedFetch,
          requestInit: { headers },
        }),
      ),
      5,
      "connect",
    );
    return client;
  },
};

for (const [revision, connect] of Object.entries(clients)) {
  describe(`resources, prompts and completions (${revision})`, () => {
    it("lists @McpResource routes: URIs as resources, templates as templates", async () => {
      const client = await connect();
      expect(client.getServerCapabilities()).toMatchObject({
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      });
      const { resources } = await client.listResources();
      expect(resources).toEqual([
        { uri: "books://catalog", name: "catalog", description: "Every title" },
        { uri: "books://secret", name: "secretBook" },
      ]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([
        {
          uriTemplate: "books://{id}",
          name: "getBook",
          title: "A book",
          mimeType: "application/json",
        },
      ]);
      await client.close();
    });

    it("reads a resource through its route, and says which are not found", async () => {
      const client = await connect();
      const catalog = await client.readResource({ uri: "books://catalog" });
      expect(catalog.contents).toEqual([
        { uri: "books://catalog", mimeType: "text/plain", text: "Dune\nEmma" },
      ]);
      const dune = await client.readResource({ uri: "books://1" });
      expect(dune.contents).toEqual([
        { uri: "books://1", mimeType: "application/json", text: '{"id":"1","title":"Dune"}' },
      ]);
      for (const uri of ["books://9", "books://..", "books://%2E%2E", "nope://1"]) {
        await expect(client.readResource({ uri }), uri).rejects.toMatchObject({ code: -32602 });
      }
      // The route's security applies: no token, no read.
      await expect(client.readResource({ uri: "books://secret" })).rejects.toMatchObject({
        code: -32602,
      });
      await client.close();
      const authorized = await connect({ authorization: "Bearer key" });
      const secret = await authorized.readResource({ uri: "books://secret" });
      expect(secret.contents).toEqual([
        { uri: "books://secret", mimeType: "text/plain", text: "the butler did it" },
      ]);
      await authorized.close();
    });

    it("lists and gets prompts, refusing missing and unknown arguments", async () => {
      const client = await connect();
      const { prompts } = await client.listPrompts();
      expect(prompts).toEqual([
        {
          name: "review",
          title: "Review a book",
          description: "Asks for a review of one book",
          arguments: [{ name: "title", required: true }, { name: "tone" }],
        },
      ]);
      const got = await client.getPrompt({
        name: "review",
        arguments: { title: "Dune", tone: "briefly" },
      });
      expect(got.messages).toEqual([
        { role: "user", content: { type: "text", text: "Review Dune, briefly." } },
      ]);
      await expect(client.getPrompt({ name: "review", arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
      await expect(
        client.getPrompt({ name: "review", arguments: { title: "Dune", mood: "x" } }),
      ).rejects.toMatchObject({ code: -32602 });
      await expect(client.getPrompt({ name: "nope" })).rejects.toMatchObject({ code: -32602 });
      await client.close();
    });

    it("completes prompt arguments and template variables", async () => {
      const client = await connect();
      const prompt = await client.complete({
        ref: { type: "ref/prompt", name: "review" },
        argument: { name: "title", value: "D" },
      });
      expect(prompt.completion.values).toEqual(["Dune"]);
      const template = await client.complete({
        ref: { type: "ref/resource", uri: "books://{id}" },
        argument: { name: "id", value: "2" },
      });
      expect(template.completion.values).toEqual(["2"]);
      await client.close();
    });
  });
}

describe("@McpResource at startup", () => {
  it("refuses a route that is not a GET, or a uri that does not match the route", () => {
    @Route("/bad")
    class NotGet extends Controller {
      @Post()
      @McpResource({ uri: "bad://x" })
      @Returns(204, "Done")
      make() {}
    }
    expectConfigError(
      () => createApp({ schema: typebox(), controllers: [NotGet], plugins: [mcpServer()] }),
      "INVALID_MCP_RESOURCE",
      "NotGet.make",
    );
    @Route("/bad")
    class MissingVariable extends Controller {
      @Get("/:id")
      @McpResource({ uri: "bad://all" })
      @Returns(204, "Done")
      one(@Param("id") _id: string) {}
    }
    expectConfigError(
      () =>
        createApp({
          schema: typebox(),
          controllers: [MissingVariable],
          plugins: [mcpServer()],
        }),
      "INVALID_MCP_RESOURCE",
      "{id}",
    );
  });

  it("refuses prompts without a valid name, or two of one name", () => {
    const messages = () => [];
    expect(() => mcpServer({ prompts: [{ name: "a b", messages }] })).toThrow(
      expect.objectContaining({ code: "INVALID_MCP_SERVER_OPTIONS" }),
    );
    expect(() =>
      mcpServer({
        prompts: [
          { name: "a", messages },
          { name: "a", messages },
        ],
      }),
    ).toThrow(expect.objectContaining({ code: "INVALID_MCP_SERVER_OPTIONS" }));
  });
});
