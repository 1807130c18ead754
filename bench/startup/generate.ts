// Writes a generated Trellis app of N routes for one adapter: controllers with path params, query
// models and body models, so that createApp does real schema work (compile + JSON Schema + document).
import type { TrellisAdapter } from "../lib/targets.js";

/** Routes per generated controller: list (query), get (param), create (body), update, delete. */
export const ROUTES_PER_CONTROLLER = 5;

/** How one adapter's library spells the three models of resource k. */
interface Dialect {
  factory: string;
  module: string;
  imports: string;
  models(k: number): string;
  /** The TypeScript type of a bound body or query parameter of resource k. */
  bodyType(k: number): string;
  queryType(k: number): string;
}

const typebox: Dialect = {
  factory: "typebox",
  module: "@trellis/adapter-typebox",
  imports: 'import { Type } from "@sinclair/typebox";',
  models: (k) => `
const Item${k} = Type.Object(
  {
    id: Type.String(),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ format: "email" }),
    age: Type.Integer({ minimum: 0, maximum: 150 }),
    tags: Type.Array(Type.String(), { maxItems: 10 }),
    active: Type.Boolean(),
  },
  { $id: "Item${k}" },
);
const Create${k} = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ format: "email" }),
    age: Type.Optional(Type.Integer({ minimum: 0, maximum: 150 })),
    tags: Type.Array(Type.String(), { maxItems: 10 }),
    active: Type.Boolean(),
  },
  { $id: "Create${k}" },
);
const Query${k} = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
  search: Type.Optional(Type.String({ maxLength: 50 })),
});`,
  bodyType: () => "unknown",
  queryType: () => "unknown",
};

const zod: Dialect = {
  factory: "zod",
  module: "@trellis/adapter-zod",
  imports: 'import * as z from "zod";',
  models: (k) => `
const Item${k} = z
  .object({
    id: z.string(),
    name: z.string().min(1).max(100),
    email: z.email(),
    age: z.int().min(0).max(150),
    tags: z.array(z.string()).max(10),
    active: z.boolean(),
  })
  .meta({ id: "Item${k}" });
const Create${k} = z
  .object({
    name: z.string().min(1).max(100),
    email: z.email(),
    age: z.int().min(0).max(150).optional(),
    tags: z.array(z.string()).max(10),
    active: z.boolean(),
  })
  .meta({ id: "Create${k}" });
const Query${k} = z.object({
  page: z.int().min(1),
  limit: z.int().min(1).max(100),
  search: z.string().max(50).optional(),
});`,
  bodyType: () => "unknown",
  queryType: () => "unknown",
};

const valibot: Dialect = {
  factory: "valibot",
  module: "@trellis/adapter-valibot",
  imports: 'import * as v from "valibot";',
  models: (k) => `
const Item${k} = v.pipe(
  v.object({
    id: v.string(),
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    email: v.pipe(v.string(), v.email()),
    age: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150)),
    tags: v.pipe(v.array(v.string()), v.maxLength(10)),
    active: v.boolean(),
  }),
  v.metadata({ id: "Item${k}" }),
);
const Create${k} = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    email: v.pipe(v.string(), v.email()),
    age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150))),
    tags: v.pipe(v.array(v.string()), v.maxLength(10)),
    active: v.boolean(),
  }),
  v.metadata({ id: "Create${k}" }),
);
const Query${k} = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  search: v.optional(v.pipe(v.string(), v.maxLength(50))),
});`,
  bodyType: () => "unknown",
  queryType: () => "unknown",
};

const classValidator: Dialect = {
  factory: "classValidator",
  module: "@trellis/adapter-class-validator",
  imports: `import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from "class-validator";`,
  models: (k) => `
class Item${k} {
  @IsString() id!: string;
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsEmail() email!: string;
  @IsInt() @Min(0) @Max(150) age!: number;
  @IsArray() @IsString({ each: true }) @ArrayMaxSize(10) tags!: string[];
  @IsBoolean() active!: boolean;
}
class Create${k} {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsEmail() email!: string;
  @IsOptional() @IsInt() @Min(0) @Max(150) age?: number;
  @IsArray() @IsString({ each: true }) @ArrayMaxSize(10) tags!: string[];
  @IsBoolean() active!: boolean;
}
class Query${k} {
  @IsInt() @Min(1) page!: number;
  @IsInt() @Min(1) @Max(100) limit!: number;
  @IsOptional() @IsString() @MaxLength(50) search?: string;
}`,
  bodyType: (k) => `Create${k}`,
  queryType: (k) => `Query${k}`,
};

const dialects: Record<TrellisAdapter, Dialect> = { typebox, zod, valibot, classValidator };

/** The method source of route `index` (0-4) of resource k. */
function method(d: Dialect, k: number, index: number): string {
  switch (index) {
    case 0:
      return `  @Get()
  @Returns(200, [Item${k}])
  list(@Query(Query${k}) query: ${d.queryType(k)}) {
    return [query];
  }`;
    case 1:
      return `  @Get("/:id")
  @Returns(200, Item${k})
  get(@Param("id") id: string) {
    return { id };
  }`;
    case 2:
      return `  @Post()
  @Returns(201, Item${k})
  create(@Body(Create${k}) body: ${d.bodyType(k)}) {
    this.setStatus(201);
    return body;
  }`;
    case 3:
      return `  @Put("/:id")
  @Returns(200, Item${k})
  update(@Param("id") id: string, @Body(Create${k}) body: ${d.bodyType(k)}) {
    return { id, body };
  }`;
    default:
      return `  @Delete("/:id")
  @Returns(204)
  remove(@Param("id") _id: string) {
    this.setStatus(204);
  }`;
  }
}

/** Source of the controllers module: `export const controllers = [...]` with `routes` routes. */
export function generateControllers(adapter: TrellisAdapter, routes: number): string {
  const d = dialects[adapter];
  const count = Math.ceil(routes / ROUTES_PER_CONTROLLER);
  const parts = [
    `// Generated by bench/startup/generate.ts (${adapter}, ${routes} routes). Do not edit.`,
    d.imports,
    'import { Body, Controller, Delete, Get, Param, Post, Put, Query, Returns, Route } from "@trellis/core";',
  ];
  for (let k = 0; k < count; k++) {
    const methods: string[] = [];
    for (let i = 0; i < ROUTES_PER_CONTROLLER && k * ROUTES_PER_CONTROLLER + i < routes; i++) {
      methods.push(method(d, k, i));
    }
    parts.push(d.models(k));
    parts.push(
      `\n@Route("/resource${k}")\nclass Resource${k}Controller extends Controller {\n${methods.join("\n\n")}\n}`,
    );
  }
  const names = Array.from({ length: count }, (_, k) => `Resource${k}Controller`);
  parts.push(`\nexport const controllers = [${names.join(", ")}];\n`);
  return parts.join("\n");
}

/** The lines of a generated main file that count the document's operations into `operations`. */
export const COUNT_OPERATIONS = `const verbs = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);
let operations = 0;
for (const item of Object.values(document.paths ?? {})) {
  operations += Object.keys(item as object).filter((key) => verbs.has(key)).length;
}`;

/**
 * Source of the entry module: imports the controllers, times createApp and then, separately, the
 * first access of `app.document` (wall time, and the CPU time the process spent: steadier on a
 * shared machine), prints one JSON line. Timing the two apart keeps the figures honest whether the
 * document is built inside createApp or on first access.
 */
export function generateMain(
  adapter: TrellisAdapter,
  controllersFile: string,
  options: { markCreateApp?: boolean } = {},
): string {
  const d = dialects[adapter];
  // Markers on stderr let a reader of JavaScriptCore's JIT reports tell createApp's compilations
  // from the import's.
  const mark = (what: string) =>
    options.markCreateApp ? `console.error("createApp:${what}");\n` : "";
  return `// Generated by bench/startup/generate.ts. Do not edit.
import { createApp } from "@trellis/core";
import { ${d.factory} } from "${d.module}";

const importStart = performance.now();
const { controllers } = await import(${JSON.stringify(controllersFile)});
${mark("start")}const createStart = performance.now();
const cpuStart = process.cpuUsage();
const app = createApp({
  schema: ${d.factory}(),
  controllers,
  openapi: { service: { name: "generated", version: "1.0.0" } },
});
const cpu = process.cpuUsage(cpuStart);
const createEnd = performance.now();
${mark("end")}const documentStart = performance.now();
const documentCpuStart = process.cpuUsage();
const document = app.document;
const documentCpu = process.cpuUsage(documentCpuStart);
const documentEnd = performance.now();
${COUNT_OPERATIONS}
console.log(
  JSON.stringify({
    importMs: createStart - importStart,
    createAppMs: createEnd - createStart,
    createAppCpuMs: (cpu.user + cpu.system) / 1000,
    documentMs: documentEnd - documentStart,
    documentCpuMs: (documentCpu.user + documentCpu.system) / 1000,
    operations,
  }),
);
`;
}
