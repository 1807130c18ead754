// Input-size timings, moved out of the tests: how much longer each Trellis target takes when the
// attacks of the hostile suite grow tenfold (undeclared body keys, array items past the bound,
// query keys). Linear work takes about 10x as long; quadratic, about 100x. A benchmark, never a
// test: timings vary with the machine's load. The tests count the work instead (expectLinearWork
// in @trellis/testing); this sees what counting cannot, work on copies of the input (a key list
// de-duplicated with indexOf, a string scanned again).
//
// Run from bench/: `bun input-size.ts [--targets trellis-zod,trellis-valibot]`.
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
async function medianMs(make: () => Request, runs = 7): Promise<{ ms: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let run = -2; run < runs; run++) {
    const request = make();
    const started = performance.now();
    const response = await fetch(request);
    await response.arrayBuffer();
    if (run >= 0) times.push(performance.now() - started);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, status };
}

const only = process.argv.find((_, index) => process.argv[index - 1] === "--targets");
const chosen = targets.filter(
  (target) => isTrellis(target) && (only === undefined || only.split(",").includes(target.id)),
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
console.log(rows.join("\n"));
