// The files of a user's project that installs the packed Trellis packages: two tsconfigs and one
// small app per adapter.
// The apps are text here (not .ts files of this package) because they compile only against the
// installed tarballs, never against this workspace.

export const adapters = ["class-validator", "typebox", "zod", "valibot"] as const;
export type Adapter = (typeof adapters)[number];

const compilerOptions = {
  lib: ["ESNext"],
  target: "ESNext",
  module: "Preserve",
  moduleDetection: "force",
  moduleResolution: "bundler",
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  skipLibCheck: true,
  types: ["bun"],
  // What Trellis asks for (README, Quick start).
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
};

/**
 * tsconfig.json: what `bun init` writes (bundler resolution) plus the decorator flags.
 * tsconfig.node.json: NodeNext resolution, and every declaration file checked (ours included).
 */
export const tsconfigs: Record<string, unknown> = {
  "tsconfig.json": { compilerOptions, include: ["*.ts"] },
  "tsconfig.node.json": {
    extends: "./tsconfig.json",
    compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: false },
  },
};

/** The package each app imports its adapter from. */
const adapterPackage = (adapter: Adapter) => `@trellis/adapter-${adapter}`;

// Each adapter's way to say: CreateItem { name: non-empty string, quantity: integer >= 1 } and
// Item { id, name, quantity }, as values (schemas) and as types of the same names (core's `Infer`,
// which each adapter's packed types teach; class-validator's classes are types already).
const schemas: Record<Adapter, { imports: string; factory: string; code: string }> = {
  "class-validator": {
    imports: `import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { IsInt, IsString, Min, MinLength } from "class-validator";`,
    factory: "classValidator()",
    code: `class CreateItem {
  @IsString() @MinLength(1) name!: string;
  @IsInt() @Min(1) quantity!: number;
}

class Item {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsInt() quantity!: number;
}`,
  },
  typebox: {
    imports: `import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";`,
    factory: "typebox()",
    code: `const CreateItem = Type.Object(
  { name: Type.String({ minLength: 1 }), quantity: Type.Integer({ minimum: 1 }) },
  { $id: "CreateItem" },
);
type CreateItem = Infer<typeof CreateItem>;
const Item = Type.Object(
  { id: Type.String(), name: Type.String(), quantity: Type.Integer() },
  { $id: "Item" },
);
type Item = Infer<typeof Item>;`,
  },
  zod: {
    imports: `import { zod } from "@trellis/adapter-zod";
import * as z from "zod";`,
    factory: "zod()",
    code: `const CreateItem = z
  .object({ name: z.string().min(1), quantity: z.int().min(1) })
  .meta({ id: "CreateItem" });
type CreateItem = Infer<typeof CreateItem>;
const Item = z.object({ id: z.string(), name: z.string(), quantity: z.int() }).meta({ id: "Item" });
type Item = Infer<typeof Item>;`,
  },
  valibot: {
    imports: `import { valibot } from "@trellis/adapter-valibot";
import * as v from "valibot";`,
    factory: "valibot()",
    code: `const CreateItem = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1)),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.metadata({ id: "CreateItem" }),
);
type CreateItem = Infer<typeof CreateItem>;
const Item = v.pipe(
  v.object({ id: v.string(), name: v.string(), quantity: v.pipe(v.number(), v.integer()) }),
  v.metadata({ id: "Item" }),
);
type Item = Infer<typeof Item>;`,
  },
};

/**
 * `<adapter>.ts`: GET /items/:id and a validated POST /items, Swagger UI on /docs. Listens on a port
 * the system picks (127.0.0.1 only) and prints one JSON line: the port and where the Trellis
 * packages were loaded from.
 */
export function appSource(adapter: Adapter): string {
  const { imports, factory, code } = schemas[adapter];
  return `${imports}
import {
  Body,
  Controller,
  createApp,
  Get,
  type Infer,
  Param,
  Post,
  Returns,
  Route,
} from "@trellis/core";

${code}

// Infer is the adapter's type, not unknown: else this expected error is unused and tsc fails.
// @ts-expect-error quantity is a number
export const wrong: Infer<typeof Item> = { id: "1", name: "tea", quantity: "2" };

@Route("/items")
export class ItemController extends Controller {
  @Get("/:id")
  @Returns(200, Item, "One item")
  get(@Param("id") id: string): Item {
    return { id, name: "tea", quantity: 2 };
  }

  @Post()
  @Returns(201, Item, "The created item")
  create(@Body(CreateItem) input: CreateItem): Item {
    this.setStatus(201);
    return { id: "new", ...input };
  }
}

const app = createApp({
  schema: ${factory},
  controllers: [ItemController],
  docs: { swagger: true },
  openapi: { service: { name: "items-${adapter}", version: "1.0.0" } },
});

const server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes: app.routes, fetch: app.fetch });
const loadedFrom = ["@trellis/core", "${adapterPackage(adapter)}", "@trellis/swagger-ui"].map(
  (name) => import.meta.resolve(name),
);
console.log(JSON.stringify({ port: server.port, loadedFrom }));
`;
}

/**
 * client.ts: a typed client of the apps, as a front end writes it (types only from the apps), run
 * with \`bun client.ts <adapter> <url>\`; prints what the calls returned as one JSON line.
 */
export const clientSource = `import { createClient, TrellisClientError } from "@trellis/client";
${adapters
  .map(
    (adapter, index) => `import type { ItemController as Items${index} } from "./${adapter}.ts";`,
  )
  .join("\n")}

interface ItemsApi {
  items: {
    get(id: string): Promise<{ id: string; name: string; quantity: number }>;
    create(input: { name: string; quantity: number }): Promise<{ id: string }>;
  };
}
const url = process.argv[3] as string;
// Each adapter's client is typed by its controller, and has the calls ItemsApi names.
const clients: Record<string, ItemsApi> = {
${adapters
  .map(
    (adapter, index) => `  "${adapter}": createClient<{ items: Items${index} }>({ baseUrl: url }),`,
  )
  .join("\n")}
};
const api = clients[process.argv[2] as string] as ItemsApi;

const one = await api.items.get("42");
const created = await api.items.create({ name: "Ada", quantity: 3 });
const invalid = await api.items.create({ name: "", quantity: 0 }).catch((error: unknown) => error);
const status = invalid instanceof TrellisClientError ? invalid.status : "not a TrellisClientError";
console.log(JSON.stringify({ one, created, status }));
`;
