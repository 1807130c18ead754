import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  type App,
  Body,
  type CallHandler,
  Controller,
  createApp,
  Delete,
  Description,
  type ExecutionContext,
  Get,
  Header,
  Inject,
  Injectable,
  type Interceptor,
  NotFoundException,
  OperationId,
  Param,
  Post,
  Query,
  REQUEST,
  Returns,
  Route,
  Security,
  Summary,
  Timeout,
  UseInterceptors,
} from "@trellis/core";
import { type McpServerOptions, mcpServer } from "../mcp-server.js";
import { McpTool } from "../planning/mcp-tool.js";

export const Note = Type.Object(
  { id: Type.String(), text: Type.String(), tags: Type.Array(Type.String()), by: Type.String() },
  { $id: "Note" },
);
const NewNote = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 200 }),
  tags: Type.Optional(Type.Array(Type.String(), { maxItems: 5 })),
});
const ListQuery = Type.Object({
  tag: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

/** Request-scoped: who calls, read from the request the route runs for. */
@Injectable({ scope: "request" })
class Caller {
  readonly name: string;
  constructor(@Inject(REQUEST) request: Request) {
    this.name = request.headers.get("x-caller") ?? "anonymous";
  }
}

const notes: { id: string; text: string; tags: string[]; by: string }[] = [];

/** Counts what passes through it: the proof that tool calls run the interceptor. */
export const seen = { middleware: 0, interceptor: 0, guard: 0 };

class CountCalls implements Interceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    seen.interceptor += 1;
    return next();
  }
}

@Route("/notes")
@UseInterceptors(CountCalls)
class NotesController extends Controller {
  // Request-scoped (it needs Caller): the notes live outside the instance.
  private readonly notes = notes;

  constructor(@Inject(Caller) private readonly caller: Caller) {
    super();
  }

  @Get()
  @OperationId("listNotes")
  @Summary("List notes")
  @Description("Notes, oldest first; `tag` keeps those with the tag.")
  @Returns(200, [Note], "The notes")
  list(@Query(ListQuery) query: { tag?: string; limit?: number }) {
    const found = this.notes.filter((note) => !query.tag || note.tags.includes(query.tag));
    return found.slice(0, query.limit ?? 50);
  }

  @Get("/:id")
  @OperationId("getNote")
  @Summary("Get a note")
  @Returns(200, Note, "The note")
  @Returns(404, "No such note")
  get(@Param("id") id: string) {
    const note = this.notes.find((one) => one.id === id);
    if (!note) throw new NotFoundException("No note has this id.");
    return note;
  }

  @Post()
  @OperationId("createNote")
  @Summary("Create a note")
  @Security("bearer")
  @Returns(201, Note, "The note")
  create(@Body(NewNote) input: { text: string; tags?: string[] }) {
    const note = {
      id: String(this.notes.length + 1),
      text: input.text,
      tags: input.tags ?? [],
      by: this.caller.name,
    };
    this.notes.push(note);
    this.setStatus(201);
    return note;
  }

  @Delete("/:id")
  @McpTool(false)
  @Returns(204, "Gone")
  remove(@Param("id") id: string) {
    const at = this.notes.findIndex((note) => note.id === id);
    if (at >= 0) this.notes.splice(at, 1);
  }

  @Get("/tenant/echo")
  @McpTool({ name: "echo_tenant", description: "Echoes the X-Tenant header." })
  @Returns(200, Type.String(), "The tenant")
  tenant(@Header("x-tenant") tenant: string) {
    return tenant;
  }

  @Get("/slow/one")
  @OperationId("slowNote")
  @Timeout(30)
  @Returns(200, Note, "Never in time")
  async slow() {
    await Bun.sleep(1000);
    return { id: "0", text: "late", tags: [], by: "nobody" };
  }

  @Get("/broken/one")
  @OperationId("brokenNote")
  @Returns(200, Note, "A note that breaks its own schema")
  broken() {
    return { id: 1 } as never; // breaks the schema on purpose: response validation answers 500
  }
}

/** The notes API with MCP on at `/mcp` (the plugin given directly: no package lookup). */
export function notesApp(options: { mcp?: McpServerOptions } = {}): App {
  return createApp({
    schema: typebox(),
    controllers: [NotesController],
    providers: [Caller, CountCalls],
    validateResponse: true,
    middleware: [
      async (_request, next) => {
        seen.middleware += 1;
        const response = await next();
        response.headers.set("x-through", "middleware");
        return response;
      },
    ],
    security: {
      bearer: ({ request }) => {
        seen.guard += 1;
        return request.headers.get("authorization") === "Bearer secret";
      },
    },
    // A docs plugin of its own (no Swagger UI package here): the tool list joins its routes.
    docs: {
      swagger: {
        name: "raw",
        routes: ({ json }) => ({ "/docs/openapi.json": () => new Response(json) }),
      },
    },
    openapi: {
      service: { name: "notes", version: "1.2.3" },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    plugins: [mcpServer(options.mcp)],
  });
}
