import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  type App,
  Controller,
  createApp,
  Get,
  NotFoundException,
  Param,
  Produces,
  Query,
  Returns,
  Route,
  Security,
  Summary,
} from "@trellis/core";
import { McpResource } from "../mcp-resource.js";
import { mcpServer } from "../mcp-server.js";

const Book = Type.Object({ id: Type.String(), title: Type.String() });
const books = new Map([
  ["1", { id: "1", title: "Dune" }],
  ["2", { id: "2", title: "Emma" }],
]);

/** Books as HTTP routes, two of them MCP resources (one a template), one resource secured. */
@Route("/books")
class BookController extends Controller {
  @Get("/:id")
  @Summary("A book")
  @McpResource({
    uri: "books://{id}",
    mimeType: "application/json",
    complete: { id: (value) => [...books.keys()].filter((id) => id.startsWith(value)) },
  })
  @Returns(200, Book, "The book")
  @Returns(404, "No such book")
  get(@Param("id") id: string) {
    const book = books.get(id);
    if (!book) throw new NotFoundException("No book has this id.");
    return book;
  }

  @Get("/catalog/text")
  @McpResource({ uri: "books://catalog", name: "catalog", description: "Every title" })
  @Produces("text/plain")
  @Returns(200, "The titles")
  catalog(@Query("upper") upper?: string) {
    const titles = [...books.values()].map(({ title }) => title).join("\n");
    return upper === "yes" ? titles.toUpperCase() : titles;
  }

  @Get("/secret/notes")
  @McpResource({ uri: "books://secret" })
  @Security("bearer")
  @Produces("text/plain")
  @Returns(200, "Notes")
  secret() {
    return "the butler did it";
  }
}

/** The library with MCP on, and a prompt whose argument completes. */
export function libraryApp(): App {
  return createApp({
    schema: typebox(),
    controllers: [BookController],
    security: { bearer: ({ request }) => request.headers.get("authorization") === "Bearer key" },
    openapi: {
      service: { name: "library", version: "1.0.0" },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    plugins: [
      mcpServer({
        prompts: [
          {
            name: "review",
            title: "Review a book",
            description: "Asks for a review of one book",
            arguments: [
              {
                name: "title",
                required: true,
                complete: (value) => ["Dune", "Emma"].filter((one) => one.startsWith(value)),
              },
              { name: "tone" },
            ],
            messages: ({ title, tone }) => [
              {
                role: "user",
                content: { type: "text", text: `Review ${title}${tone ? `, ${tone}` : ""}.` },
              },
            ],
          },
        ],
      }),
    ],
  });
}
