// Input-size timings, moved out of the tests: how much longer each Trellis target takes when the
// attacks of the hostile suite grow tenfold (undeclared body keys, array items past the bound,
// query keys). Linear work takes about 10x as long; quadratic, about 100x. A benchmark, never a
// test: timings vary with the machine's load. The tests count the work instead (expectLinearWork
// in @trellis/testing); this sees what counting cannot, work on copies of the input (a key list
// de-duplicated with indexOf, a string scanned again).
//
// A second table, in process through `app.fetch`, sets the class-validator adapter beside Zod on the
// bodies of issue 51: an array of nested models past its ArrayMaxSize, an each-validated array past
// its ArrayMaxSize (each with and without @IsOptional), and a free-form object in a class with a
// @Transform, which class-transformer copies key by key.
//
// Run from bench/: `bun input-size.ts [--targets trellis-zod,trellis-valibot] [--in-process]`
// (`--in-process`: that table only, no servers started). The adapters are read from their `dist`.
import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { zod } from "@trellis/adapter-zod";
import { Body, Controller, createApp, Post, Route } from "@trellis/core";
import { Transform, Type } from "class-transformer";
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from "class-validator";
import * as z from "zod";
import { installCleanup } from "./lib/children.js";
import { freePort } from "./lib/ports.js";
import { ServerProcess } from "./lib/server-process.js";
import { isTrellis, targets } from "./lib/targets.js";

interface Case {
  readonly name: string;
  readonly sizes: readonly [number, number];
  request(origin: string, size: number): Request;
}

const keys = (count: number, pair: (index: number) => string, separator = ",") =>
  Array.from({ length: count }, (_, index) => pair(index)).join(separator);

/** A case that posts `body(size)` as JSON to `path`. */
const posting = (
  name: string,
  path: string,
  sizes: readonly [number, number],
  body: (size: number) => string,
): Case => ({
  name,
  sizes,
  request: (origin, size) =>
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body(size),
    }),
});

const cases: readonly Case[] = [
  // 100,000 keys in base 36: about 1 MB, under the 1 MiB body limit.
  posting(
    "POST /users, undeclared keys",
    "/users",
    [10_000, 100_000],
    (size) =>
      `{"name":"Ada","email":"ada@example.com",${keys(size, (index) => `"k${index.toString(36)}":0`)}}`,
  ),
  posting(
    "POST /orders, items past the 1,000 bound",
    "/orders",
    [15_000, 150_000],
    (size) =>
      `{"customer":{"id":"c1","name":"Ada","email":"ada@example.com"},"items":[${keys(size, () => "1")}]}`,
  ),
  {
    // Bun refuses request heads over 16 KiB: 1,500 keys is about as many as fit.
    name: "GET /users, undeclared query keys",
    sizes: [150, 1_500],
    request: (origin, size) =>
      new Request(
        `${origin}/users?page=2&limit=10&${keys(size, (index) => `k${index}=${index}`, "&")}`,
      ),
  },
];

/** The median time of `runs` requests (after two untimed ones), in ms, and the last status. */
async function medianMs(
  make: () => Request,
  runs = 7,
  send: (request: Request) => Response | Promise<Response> = fetch,
): Promise<{ ms: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let run = -2; run < runs; run++) {
    const request = make();
    const started = performance.now();
    const response = await send(request);
    await response.arrayBuffer();
    if (run >= 0) times.push(performance.now() - started);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, status };
}

class Sized {
  @IsInt() @Min(1) width!: number;
}

class SizesBody {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => Sized) sizes!: Sized[];
}

class OptionalSizesBody {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => Sized)
  sizes?: Sized[];
}

class TagsBody {
  @ArrayMaxSize(5) @IsString({ each: true }) tags!: string[];
}

class OptionalTagsBody {
  @IsOptional() @ArrayMaxSize(5) @IsString({ each: true }) tags?: string[];
}

class AttributesBody {
  @Transform(({ value }) => value) @IsString() name!: string;
  @IsObject() attributes!: Record<string, unknown>;
}

const zodSized = z.object({ width: z.number().int().min(1) });
const zodBodies = {
  sizes: z.object({ sizes: z.array(zodSized).max(1000) }),
  optionalSizes: z.object({ sizes: z.array(zodSized).max(1000).optional() }),
  tags: z.object({ tags: z.array(z.string()).max(5) }),
  optionalTags: z.object({ tags: z.array(z.string()).max(5).optional() }),
  attributes: z.object({ name: z.string(), attributes: z.record(z.string(), z.unknown()) }),
};
const classBodies: Record<keyof typeof zodBodies, Function> = {
  sizes: SizesBody,
  optionalSizes: OptionalSizesBody,
  tags: TagsBody,
  optionalTags: OptionalTagsBody,
  attributes: AttributesBody,
};

/** A controller that answers 200 to a valid body on `POST /<name>`, for each body schema. */
function bodies(schemas: Record<keyof typeof zodBodies, unknown>) {
  @Route("")
  class Bodies extends Controller {
    @Post("/sizes") sizes(@Body(schemas.sizes) _: unknown) {}
    @Post("/optionalSizes") optionalSizes(@Body(schemas.optionalSizes) _: unknown) {}
    @Post("/tags") tags(@Body(schemas.tags) _: unknown) {}
    @Post("/optionalTags") optionalTags(@Body(schemas.optionalTags) _: unknown) {}
    @Post("/attributes") attributes(@Body(schemas.attributes) _: unknown) {}
  }
  return Bodies;
}

const items = (count: number, item: string) => Array.from({ length: count }, () => item).join(",");
const inProcessCases: readonly Case[] = [
  posting(
    "150,000 {} past ArrayMaxSize(1000), @Type",
    "/sizes",
    [15_000, 150_000],
    (size) => `{"sizes":[${items(size, "{}")}]}`,
  ),
  posting(
    "the same, @IsOptional",
    "/optionalSizes",
    [15_000, 150_000],
    (size) => `{"sizes":[${items(size, "{}")}]}`,
  ),
  posting(
    "300,000 numbers past ArrayMaxSize(5), each",
    "/tags",
    [30_000, 300_000],
    (size) => `{"tags":[${items(size, "0")}]}`,
  ),
  posting(
    "the same, @IsOptional",
    "/optionalTags",
    [30_000, 300_000],
    (size) => `{"tags":[${items(size, "0")}]}`,
  ),
  posting(
    "free-form object in a @Transform class",
    "/attributes",
    [10_000, 40_000],
    (size) => `{"name":"a","attributes":{${keys(size, (index) => `"k${index.toString(36)}":0`)}}}`,
  ),
];

/** The in-process table: each case through class-validator's app and Zod's, one after the other. */
async function inProcess(): Promise<string[]> {
  const openapi = { undeclaredResponses: "off" as const };
  const apps = {
    cv: createApp({ schema: classValidator(), controllers: [bodies(classBodies)], openapi }),
    zod: createApp({ schema: zod(), controllers: [bodies(zodBodies)], openapi }),
  };
  const origin = "http://bench.local";
  const rows = [
    "| case | class-validator small | class-validator large | Zod small | Zod large | large, cv / Zod |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const item of inProcessCases) {
    const [small, large] = item.sizes;
    const cells: string[] = [];
    const larges: number[] = [];
    for (const app of [apps.cv, apps.zod]) {
      for (const size of [small, large]) {
        // The body is built once: each run sends a fresh Request of the same text.
        const request = item.request(origin, size);
        const body = await request.text();
        const { url, headers } = request;
        const make = () => new Request(url, { method: "POST", headers, body });
        const { ms, status } = await medianMs(make, 7, (request) => app.fetch(request));
        cells.push(`${size}: ${ms.toFixed(1)} ms (${status})`);
        if (size === large) larges.push(ms);
      }
    }
    const [cv, zodMs] = larges as [number, number];
    rows.push(
      `| ${item.name} | ${cells.join(" | ")} | ${(cv / Math.max(zodMs, 0.1)).toFixed(1)}x |`,
    );
  }
  return rows;
}

const only = process.argv.find((_, index) => process.argv[index - 1] === "--targets");
const inProcessOnly = process.argv.includes("--in-process");
const chosen = targets.filter(
  (target) =>
    !inProcessOnly &&
    isTrellis(target) &&
    (only === undefined || only.split(",").includes(target.id)),
);

installCleanup();
const rows = [
  "| target | case | small (status) | large (status) | ratio |",
  "| --- | --- | --- | --- | --- |",
];
for (const target of chosen) {
  const { server } = ServerProcess.start(target, await freePort(), "0");
  try {
    await server.waitForFirst200(60_000);
    for (const item of cases) {
      const [small, large] = item.sizes;
      const a = await medianMs(() => item.request(server.url, small));
      const b = await medianMs(() => item.request(server.url, large));
      // The floor keeps a tiny small-size time (a few ms) from turning noise into a ratio.
      const ratio = b.ms / Math.max(a.ms, 5);
      const flag = ratio > 30 ? " (not linear?)" : "";
      const cell = (size: number, { ms, status }: typeof a) =>
        `${size}: ${ms.toFixed(1)} ms (${status})`;
      rows.push(
        `| ${target.label} | ${item.name} | ${cell(small, a)} | ${cell(large, b)} | ${ratio.toFixed(1)}x${flag} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
if (chosen.length > 0) console.log(rows.join("\n"));
console.log(
  `\nIn process (app.fetch), class-validator beside Zod:\n${(await inProcess()).join("\n")}`,
);
