import "reflect-metadata";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  NotFoundException,
  Param,
  Post,
  Req,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { McpResource, McpTool, mcpServer, reportProgress } from "@trellis/mcp";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

class Book {
  @IsString() id!: string;
  @IsString() title!: string;
}

const books = new Map([["7", { id: "7", title: "Dune" }]]);

@Route("/books")
@Description("Books, read by people over HTTP and by agents as resources.")
class BookController extends Controller {
  // #region resource
  @Get("/:id")
  @Summary("A book")
  @Description("Reads one book by its id; agents read it as the resource books://{id}.")
  @McpResource({ uri: "books://{id}", mimeType: "application/json" })
  @Returns(200, Book, "The book")
  @Returns(404, "No such book")
  get(@Param("id") id: string): Book {
    const book = books.get(id);
    if (!book) throw new NotFoundException("No book has this id.");
    return book;
  }
  // #endregion

  // #region progress
  @Post("/reindex")
  @McpTool({ name: "reindexBooks" }) // reads the raw request: a tool only when marked
  @Summary("Reindex every book")
  @Description("Indexes every book again, reporting its progress to an agent that calls it.")
  @Returns(204, "Reindexed")
  async reindex(@Req() request: Request): Promise<void> {
    const all = [...books.values()];
    for (const [done] of all.entries()) {
      await reportProgress(request, done + 1, all.length, `indexed ${done + 1}`);
    }
  }
  // #endregion
}

// #region prompts
export const app = createApp({
  schema: classValidator(),
  controllers: [BookController],
  openapi: documented("books", "Books, as resources for agents."),
  plugins: [
    mcpServer({
      prompts: [
        {
          name: "review",
          description: "Asks for a review of one book",
          arguments: [
            {
              name: "title",
              required: true,
              complete: (value) => ["Dune"].filter((t) => t.startsWith(value)),
            },
          ],
          messages: ({ title }) => [
            { role: "user", content: { type: "text", text: `Review ${title}.` } },
          ],
        },
      ],
    }),
  ],
});
// #endregion

/** A 2026-07-28 client reads the resource, gets the prompt and follows the reindex. */
export async function demo() {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    routes: app.routes,
    fetch: app.fetch,
  });
  const client = new ModernClient(
    { name: "reader", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  try {
    await client.connect(new ModernTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
    const templates = await client.listResourceTemplates();
    const book = await client.readResource({ uri: "books://7" });
    const prompt = await client.getPrompt({ name: "review", arguments: { title: "Dune" } });
    const progress: unknown[] = [];
    await client.callTool(
      { name: "reindexBooks", arguments: {} },
      {
        onprogress: (step) => void progress.push(step),
      },
    );
    return { templates, book, prompt, progress };
  } finally {
    await client.close();
    await server.stop(true);
  }
}
