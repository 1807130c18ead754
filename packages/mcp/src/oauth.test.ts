import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { jwtBearer, Principal } from "@trellis/auth";
import {
  Body,
  Controller,
  createApp,
  Get,
  OperationId,
  Post,
  Returns,
  Route,
  Security,
} from "@trellis/core";
import { within } from "@trellis/testing";
import { freePort, type RunningOidcProvider, startOidcProvider } from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";

const Entry = Type.Object({ text: Type.String(), by: Type.String() }, { $id: "Entry" });
const NewEntry = Type.Object({ text: Type.String({ minLength: 1 }) });
const entries: { text: string; by: string }[] = [];

@Route("/journal")
class JournalController extends Controller {
  @Get()
  @OperationId("readJournal")
  @Security("bearer", ["journal:read"])
  @Returns(200, [Entry], "The entries")
  read() {
    return entries;
  }

  @Post()
  @OperationId("writeJournal")
  @Security("bearer", ["journal:write"])
  @Returns(201, Entry, "The entry, signed by its caller")
  write(@Body(NewEntry) input: { text: string }, @Principal() principal: Principal) {
    const entry = { text: input.text, by: principal.subject };
    entries.push(entry);
    this.setStatus(201);
    return entry;
  }
}

// The REST API's own audience: the bearer check accepts it, the MCP endpoint must not (RFC 8707).
const apiAudience = "https://journal.api.test";
let idp: RunningOidcProvider;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let resource: string;

beforeAll(async () => {
  const port = await within(freePort(), 10, "a free port");
  base = `http://127.0.0.1:${port}`;
  resource = `${base}/mcp`;
  const scopes = "journal:read journal:write";
  idp = await within(
    startOidcProvider({ resources: { [resource]: scopes, [apiAudience]: scopes } }),
    60,
    "the OIDC provider starting",
  );
  const bearer = jwtBearer({ issuer: idp.issuer, audience: [resource, apiAudience] });
  const app = createApp({
    schema: typebox(),
    controllers: [JournalController],
    openapi: {
      service: { name: "journal", version: "1.0.0" },
      securitySchemes: { bearer: bearer.scheme },
    },
    security: { bearer },
    plugins: [mcpServer()],
  });
  server = Bun.serve({ port, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
}, 60_000);
afterAll(async () => {
  await server?.stop(true);
  await idp?.stop();
});

/** The official SDK client, authorizing itself with the client-credentials grant at the provider. */
async function connect(scope: string): Promise<Client> {
  const authProvider = new ClientCredentialsProvider({
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scope,
    expectedIssuer: idp.issuer,
  });
  const client = new Client({ name: "trellis-oauth-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(resource), { fetch: boundedFetch, authProvider }),
  );
  return client;
}

const initialize = (headers: Record<string, string> = {}) =>
  boundedFetch(resource, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    }),
    signal: AbortSignal.timeout(10_000),
  });

const text = (result: object) =>
  JSON.parse(((result as { content?: { text: string }[] }).content ?? [])[0]?.text ?? "null");

describe("the MCP endpoint as an OAuth protected resource", () => {
  it("serves its protected resource metadata (RFC 9728), at both well-known paths", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-protected-resource",
    ]) {
      const answer = await boundedFetch(`${base}${path}`, { signal: AbortSignal.timeout(5000) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(await answer.json()).toEqual({
        resource,
        authorization_servers: [idp.issuer],
        scopes_supported: ["journal:read", "journal:write"],
        bearer_methods_supported: ["header"],
        resource_name: "journal",
      });
    }
  });

  it("answers a request without a token 401 with a challenge naming the metadata", async () => {
    const answer = await initialize();
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(answer.headers.get("content-type")).toContain("application/problem+json");
  });

  it("lets the SDK client authorize at the provider, list the tools and call them as itself", async () => {
    const client = await connect("journal:read journal:write");
    const { tools } = await client.listTools();
    expect(tools.map(({ name }) => name)).toEqual(["readJournal", "writeJournal"]);
    const written = await client.callTool({
      name: "writeJournal",
      arguments: { body: { text: "hello" } },
    });
    expect(written.isError).toBeUndefined();
    // The operation ran with the caller's principal: the token's subject (the client).
    expect(written.structuredContent).toEqual({ text: "hello", by: idp.clientId });
    const read = await client.callTool({ name: "readJournal", arguments: {} });
    expect(read.structuredContent).toEqual({ result: [{ text: "hello", by: idp.clientId }] });
    await client.close();
  });

  it("refuses a token issued for another audience, though the REST API accepts it (RFC 8707)", async () => {
    const token = await within(
      idp.token({ resource: apiAudience, scope: "journal:read" }),
      10,
      "a token from the OIDC provider",
    );
    const overHttp = await boundedFetch(`${base}/journal`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    expect(overHttp.status).toBe(200);
    const answer = await initialize({ authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await answer.text()).not.toContain(token);
    // And a token that is no token at all: the bearer check's own 401, pointing to the metadata.
    const forged = await initialize({ authorization: "Bearer a.b.c" });
    expect(forged.status).toBe(401);
    expect(forged.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("applies each operation's scopes per tool: a missing scope is a tool error", async () => {
    const client = await connect("journal:read");
    const read = await client.callTool({ name: "readJournal", arguments: {} });
    expect(read.isError).toBeUndefined();
    const refused = await client.callTool({
      name: "writeJournal",
      arguments: { body: { text: "not allowed" } },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatchObject({ status: 403, missingScopes: ["journal:write"] });
    expect(entries.map(({ text: said }) => said)).not.toContain("not allowed");
    await client.close();
  });
});
