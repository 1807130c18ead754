// Declared responses, counted in-process: what writing a 2xx body as its `@Returns` schema
// declares costs beside `JSON.stringify` of the whole value, in instructions (valgrind's
// callgrind, no time involved). See INSTRUCTIONS.md, "Declared responses".
//
//   bun declared-responses.ts   # counts every case under valgrind and prints the table
//
// One process under callgrind runs the cases one after another: for each, 10,000 untimed calls,
// then `callgrind_control -z`, 10,000 counted calls, `callgrind_control -d`. A dump's main-thread
// count / 10,000 is one call's cost (the two callgrind_control spawns are inside the window too:
// about the same for every case).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { declaredProjection, SchemaRegistry } from "@trellis/core/internal";
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
  // The window's own cost (the loop and the two callgrind_control spawns), to subtract.
  nothing: () => 1,
  "stringify row": () => JSON.stringify(row),
  "declared row": () => JSON.stringify(projectOrder(row)),
  "stringify clean": () => JSON.stringify(clean),
  "declared clean": () => JSON.stringify(projectOrder(clean)),
  "Response.json row": () => Response.json(row),
  "declared Response.json row": () => Response.json(projectOrder(row)),
  "stringify receipt": () => JSON.stringify(receipt),
  "declared receipt": () => JSON.stringify(projectReceipt(receipt)),
};

// One valgrind process runs every case: 10,000 untimed calls, then callgrind_control zeroes the
// counters, 10,000 counted calls, and a dump; each dump's thread-1 count / 10,000 is one call.
function countInside(): void {
  const control = (flag: string) =>
    execFileSync("callgrind_control", [flag, String(process.pid)], { stdio: "ignore" });
  for (const run of Object.values(cases)) {
    let sink = 0;
    for (let call = 0; call < 10_000; call++) sink += run() === undefined ? 0 : 1;
    control("-z");
    for (let call = 0; call < 10_000; call++) sink += run() === undefined ? 0 : 1;
    control("-d");
    if (sink === 0) console.log(sink);
  }
}

// Thread 1 (the JavaScript thread) and all threads, per dump, in the order the cases ran.
function countAll(): { main: number; all: number }[] {
  const dir = mkdtempSync(join(tmpdir(), "declared-"));
  try {
    execFileSync(
      "valgrind",
      [
        "--tool=callgrind",
        "--separate-threads=yes",
        `--callgrind-out-file=${join(dir, "cg.out")}`,
        process.execPath,
        import.meta.path,
        "--inside",
      ],
      { stdio: "ignore" },
    );
    const dumps = new Map<number, { main: number; all: number }>();
    for (const file of readdirSync(dir)) {
      // cg.out.<dump>-<thread>; the final dump at exit has no number.
      const dump = /^cg\.out\.(\d+)-\d+$/.exec(file)?.[1];
      if (dump === undefined) continue;
      const text = readFileSync(join(dir, file), "utf8");
      const instructions = Number(/^summary:\s*(\d+)$/m.exec(text)?.[1] ?? 0);
      const entry = dumps.get(Number(dump)) ?? { main: 0, all: 0 };
      entry.all += instructions;
      if (/^thread:\s*1$/m.test(text)) entry.main += instructions;
      dumps.set(Number(dump), entry);
    }
    return [...dumps.keys()]
      .sort((a, b) => a - b)
      .map((key) => dumps.get(key) as { main: number; all: number });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--inside") countInside();
else {
  const counts = countAll();
  console.log("| case | main thread per call | all threads per call |");
  console.log("| --- | ---: | ---: |");
  Object.keys(cases).forEach((name, index) => {
    const count = counts[index];
    const per = (value: number | undefined) =>
      `${((value ?? Number.NaN) / 10_000 / 1000).toFixed(2)}k`;
    console.log(`| ${name} | ${per(count?.main)} | ${per(count?.all)} |`);
  });
}
