import {
  Body,
  Controller,
  createApp,
  Get,
  Hidden,
  NotFoundException,
  OperationId,
  Param,
  Post,
  Returns,
  Route,
  Sse,
  Summary,
  Tags,
} from "@trellis/core";
import { jsonSchemaAdapter, schema } from "@trellis/testing";

/** The body of `POST /items`. */
export const CreateItem = schema(
  {
    type: "object",
    properties: {
      name: { type: "string", minLength: 1 },
      quantity: { type: "integer" },
    },
    required: ["name"],
  },
  "CreateItem",
);

/** One stored item. */
export const Item = schema(
  {
    type: "object",
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      quantity: { type: "integer" },
    },
    required: ["id", "name", "quantity"],
  },
  "Item",
);

interface StoredItem {
  id: string;
  name: string;
  quantity: number;
}

const store: StoredItem[] = [];

/** A small CRUD-ish controller: a list, a read by id and a create that answers 201. */
@Route("/items")
@Tags("items")
export class ItemController extends Controller {
  @Get()
  @Summary("List items")
  @OperationId("listItems")
  @Returns(200, [Item], "Every item")
  list(): StoredItem[] {
    return store;
  }

  @Get("/:id")
  @Summary("Get one item")
  @OperationId("getItem")
  @Returns(200, Item, "The item")
  @Returns(404, undefined, "No such item")
  get(@Param("id") id: string): StoredItem {
    const item = store.find((candidate) => candidate.id === id);
    if (!item) throw new NotFoundException(`No item ${id}.`);
    return item;
  }

  @Post()
  @Summary("Create an item")
  @OperationId("createItem")
  @Returns(201, Item, "The created item")
  create(@Body(CreateItem) input: { name: string; quantity?: number }): StoredItem {
    const item = { id: String(store.length + 1), name: input.name, quantity: input.quantity ?? 1 };
    store.push(item);
    this.setStatus(201);
    return item;
  }

  @Get("/internal/stats")
  @Hidden()
  stats(): { count: number } {
    return { count: store.length };
  }
}

/** A second tag, so the UI has more than one group. */
@Route("/health")
@Tags("health")
export class HealthController extends Controller {
  @Get()
  @Summary("Liveness")
  @OperationId("health")
  @Returns(200, undefined, "Alive")
  check(): { ok: boolean } {
    return { ok: true };
  }
}

const ItemEvent = schema(
  {
    type: "object",
    properties: { kind: { type: "string" }, id: { type: "string" } },
    required: ["kind", "id"],
  },
  "ItemEvent",
);

@Route("/items")
@Tags("items")
export class ItemEventController extends Controller {
  @Sse("/events")
  @Summary("Follow item changes")
  @OperationId("followItems")
  @Returns(200, ItemEvent, "Item events, as they happen")
  async *follow() {
    yield { event: "created", data: { kind: "created", id: "1" } };
  }
}

/**
 * The test app with the given `docs` option; OpenAPI 3.2 adds an event stream route, documented
 * with `itemSchema`.
 */
export function itemsApp(
  docs: Parameters<typeof createApp>[0]["docs"],
  version: "3.0" | "3.2" = "3.0",
) {
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers:
      version === "3.2"
        ? [ItemController, ItemEventController, HealthController]
        : [ItemController, HealthController],
    docs,
    openapi: { service: { name: "items", version: "1.0.0" }, version },
  });
}
