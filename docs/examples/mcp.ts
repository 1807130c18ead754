import "reflect-metadata";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Delete,
  Description,
  Get,
  NotFoundException,
  OperationId,
  Param,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { McpTool, mcpServer } from "@trellis/mcp";
import { IsNotEmpty, IsString } from "class-validator";
import { documented } from "./documented.ts";

class Task {
  @IsString() id!: string;
  @IsString() title!: string;
}

class NewTask {
  @IsString() @IsNotEmpty() title!: string;
}

const tasks = new Map<string, Task>();

// #region controller
@Route("/tasks")
@Description("Tasks, created and read by people over HTTP and by agents as tools.")
class TaskController extends Controller {
  @Post()
  @OperationId("createTask") // the tool's name
  @Summary("Create a task") // its title and description
  @Description("Stores a new task and answers it with its id.")
  @Returns(201, Task, "The task") // its outputSchema and structured content
  create(@Body(NewTask) input: NewTask): Task {
    const task = { id: String(tasks.size + 1), title: input.title };
    tasks.set(task.id, task);
    this.setStatus(201);
    return task;
  }

  @Get("/:id")
  @OperationId("getTask")
  @Summary("Get a task")
  @Description("Reads one task by its id.")
  @Returns(200, Task, "The task")
  @Returns(404, "No task has this id")
  get(@Param("id") id: string): Task {
    const task = tasks.get(id);
    if (!task) throw new NotFoundException("No task has this id.");
    return task;
  }

  @Delete("/:id")
  @McpTool(false) // served over HTTP, never offered to agents
  @Summary("Delete a task")
  @Description("Removes a task; agents are not offered this one.")
  @Returns(204, "Deleted")
  remove(@Param("id") id: string): void {
    tasks.delete(id);
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [TaskController],
  openapi: documented("tasks", "Tasks, for people and agents."),
  // Needs `bun add @trellis/mcp`. Serves POST /mcp; tools are listed at /docs/mcp.json with docs on.
  plugins: [
    mcpServer({ instructions: "Create tasks with createTask, read them back with getTask." }),
  ],
});
// #endregion

// #region call
/** One JSON-RPC request to the endpoint, as an MCP client sends it (no session needed). */
async function rpc(method: string, params: Record<string, unknown>) {
  const response = await app.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }),
  );
  return (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
}

export async function demo() {
  const listed = await rpc("tools/list", {});
  const created = await rpc("tools/call", {
    name: "createTask",
    arguments: { body: { title: "Write the MCP guide" } },
  });
  const invalid = await rpc("tools/call", { name: "createTask", arguments: { body: {} } });
  const missing = await rpc("tools/call", { name: "getTask", arguments: { id: "42" } });
  return { listed, created, invalid, missing };
}
// #endregion

// #region agent
/** An agent's side: the official SDK client, with the caller's credentials on every request. */
export async function agent(url: string, token: string) {
  const client = new Client({ name: "my-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const { tools } = await client.listTools();
  const task = await client.callTool({ name: "createTask", arguments: { body: { title: "Hi" } } });
  await client.close();
  return { tools, task };
}
// #endregion

if (import.meta.main) console.log(JSON.stringify(await demo(), null, 2));
