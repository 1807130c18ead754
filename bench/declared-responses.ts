// Declared responses, counted in-process: what writing a 2xx body as its `@Returns` schema
// declares costs beside `JSON.stringify` of the whole value, in instructions (valgrind's
// callgrind, no time involved). See INSTRUCTIONS.md, "Declared responses".
//
//   bun declared-responses.ts            # counts every case under valgrind and prints the table
//   bun declared-responses.ts <case> <n> # one case: 10,000 untimed calls, then n more
//
// Each case runs twice under callgrind, with n = 0 and n = 10,000 after the same 10,000 warm-up
// calls; the difference over 10,000 is one call's cost, start-up and warm-up cancelling out.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { declaredProjection } from "../packages/core/src/schema/declared-projection.js";
import { SchemaRegistry } from "../packages/core/src/schema/schema-registry.js";
import { createOrder, orderBody } from "./targets/shared/orders.js";

// S5's models, as targets/trellis-typebox.ts declares them.
const OrderItem = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 32 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
    price: Type.Number({ minimum: 0 }),
    tags: Type.Array(Type.String(), { maxItems: 10 }),
  },
  { $id: "OrderItem" },
);
const Order = Type.Object(
  {
    customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
    items: Type.Array(OrderItem, { minItems: 1, maxItems: 1000 }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: "CreateOrder" },
);
const OrderReceipt = Type.Object(
  { id: Type.String(), itemCount: Type.Integer(), total: Type.Number(), firstItem: OrderItem },
  { $id: "OrderReceipt" },
);

const registry = new SchemaRegistry();
const adapter = typebox();
const projection = (schema: unknown) => {
  const project = declaredProjection(registry.fromAdapter(adapter, schema), registry, "bench");
  if (project === undefined) throw new Error("the schema drops nothing");
  return project;
};
const projectOrder = projection(Order);
const projectReceipt = projection(OrderReceipt);

// The S5 order as a stored row: 100 items with an undeclared `internalCode` each and an
// undeclared `tracking` object (the body S5 sends). "clean": the same order without them.
const row = orderBody();
const clean = JSON.parse(JSON.stringify(row), (key, value) =>
  key === "internalCode" || key === "tracking" ? undefined : value,
);
const receipt = createOrder(clean);
if (JSON.stringify(projectOrder(row)) !== JSON.stringify(clean)) {
  throw new Error("the declared order is not the order without its undeclared properties");
}

const cases: Record<string, () => unknown> = {
  "stringify row": () => JSON.stringify(row),
  "declared row": () => JSON.stringify(projectOrder(row)),
  "stringify clean": () => JSON.stringify(clean),
  "declared clean": () => JSON.stringify(projectOrder(clean)),
  "Response.json row": () => Response.json(row),
  "declared Response.json row": () => Response.json(projectOrder(row)),
  "stringify receipt": () => JSON.stringify(receipt),
  "declared receipt": () => JSON.stringify(projectReceipt(receipt)),
};

function runCase(name: string, count: number): void {
  const run = cases[name];
  if (run === undefined) throw new Error(`no case ${name}`);
  let sink = 0;
  for (let call = 0; call < 10_000 + count; call++) sink += run() === undefined ? 0 : 1;
  if (sink === 0) console.log(sink);
}

// Thread 1's instructions (the JavaScript thread) and every thread's, of one valgrind run.
function counted(name: string, count: number): { main: number; all: number } {
  const dir = mkdtempSync(join(tmpdir(), "declared-"));
  try {
    execFileSync(
      "valgrind",
      [
        "--tool=callgrind",
        "--separate-threads=yes",
        `--callgrind-out-file=${join(dir, "cg.%p")}`,
        process.execPath,
        import.meta.path,
        name,
        String(count),
      ],
      { stdio: "ignore" },
    );
    let main = 0;
    let all = 0;
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), "utf8");
      const instructions = Number(/^summary:\s*(\d+)$/m.exec(text)?.[1] ?? 0);
      all += instructions;
      if (/^thread:\s*1$/m.test(text)) main += instructions;
    }
    return { main, all };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [name, count] = process.argv.slice(2);
if (name !== undefined) runCase(name, Number(count ?? 0));
else {
  console.log("| case | main thread per call | all threads per call |");
  console.log("| --- | ---: | ---: |");
  for (const each of Object.keys(cases)) {
    const base = counted(each, 0);
    const more = counted(each, 10_000);
    const per = (key: "main" | "all") => ((more[key] - base[key]) / 10_000 / 1000).toFixed(1);
    console.log(`| ${each} | ${per("main")}k | ${per("all")}k |`);
  }
}
