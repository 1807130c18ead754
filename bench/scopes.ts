// Does request scope cost routes that do not use it? `bun scopes.ts [--rounds 5 --duration 3]`.
// Serves GET /users/42 from an app without request-scoped providers and from the same app with a
// request-scoped controller beside it, interleaved round by round, and writes SCOPES.md.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { track } from "./lib/children.js";
import { freePort } from "./lib/ports.js";
import { median, rotate } from "./lib/stats.js";
import { runWrk } from "./lib/wrk.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
  },
});
const rounds = Number(values.rounds);
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const benchDir = import.meta.dirname;

async function start(mode: "none" | "mixed") {
  const port = await freePort();
  const child = Bun.spawn(
    ["taskset", "-c", "0", process.execPath, join(benchDir, "scopes/target.ts")],
    {
      cwd: benchDir,
      env: { ...process.env, PORT: String(port), MODE: mode, NODE_ENV: "production" },
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  track(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/users/42`)).ok) break;
    } catch {}
    if (tries > 200) throw new Error(`${mode} did not start`);
    await Bun.sleep(50);
  }
  return { url, child };
}

const cases = [
  { id: "without request scope in the app", mode: "none", path: "/users/42" },
  { id: "with a request-scoped controller beside it", mode: "mixed", path: "/users/42" },
  { id: "the request-scoped route itself (GET /me)", mode: "mixed", path: "/me" },
] as const;
const servers = { none: await start("none"), mixed: await start("mixed") };
const samples = new Map<string, number[]>(cases.map((item) => [item.id, []]));
let failures = 0;
for (const item of cases) {
  // Warm-up, untimed.
  await runWrk({
    url: servers[item.mode].url + item.path,
    durationSeconds: 1,
    connections,
    cpu: "1",
    cwd: benchDir,
  });
}
for (let round = 0; round < rounds; round++) {
  for (const item of rotate(cases, round)) {
    const result = await runWrk({
      url: servers[item.mode].url + item.path,
      durationSeconds,
      connections,
      cpu: "1",
      cwd: benchDir,
    });
    failures += result.non2xx + result.socketErrors;
    samples.get(item.id)?.push(result.requestsPerSecond);
  }
}
for (const { child } of Object.values(servers)) child.kill();

const base = median(samples.get(cases[0].id) ?? []) ?? 0;
const rows = cases.map((item) => {
  const rps = median(samples.get(item.id) ?? []) ?? 0;
  return `| ${item.id} | \`GET ${item.path}\` | ${Math.round(rps)} | ${(rps / base).toFixed(3)} |`;
});
const report = `# Request scope: what routes that do not use it pay

Written by \`bun scopes.ts\` (${rounds} rounds of ${durationSeconds} s, ${connections} connections, wrk on CPU 1,
server on CPU 0, cases interleaved per round; medians). ${new Date().toISOString().slice(0, 10)},
${navigator.hardwareConcurrency} cores shared with other work: compare the ratios, not the numbers.

| case | request | req/s (median) | ratio to the first row |
| --- | --- | --- | --- |
${rows.join("\n")}

Failed or non-2xx responses: ${failures}.

A route whose controller needs no request-scoped provider is compiled exactly as before: its
handler runs on an object inheriting from the one controller instance. The second row should sit
within noise of 1.0. The third row is what request scope costs where it is used: a controller and
a provider constructed per request.
`;
await Bun.write(join(benchDir, "SCOPES.md"), report);
console.log(report);
