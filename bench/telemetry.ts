// What observability costs: `bun telemetry.ts [--rounds 5 --duration 3]`. Serves S1-S3 from one
// app three ways and writes TELEMETRY.md; both cores are built from git, so the two revisions
// differ by the observability work alone (no one else's work in progress):
//   baseline  core at --baseline (default: the commit before observability landed)
//   off       core at --candidate (default: the observability commit plus cefc0ec, which completed
//             it: HEAD on @Sse routes), no SDK registered
//   sdk       the same core with the OpenTelemetry SDK registered: a batch span processor and a
//             metric reader exporting over OTLP/HTTP to a sink in this process
// Phase 1 interleaves baseline and off; phase 2 interleaves off and sdk, so the sdk server's
// background exports never run beside the phase-1 measurements.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { track } from "./lib/children.js";
import { freePort } from "./lib/ports.js";
import { scenarios, wrkScript } from "./lib/scenarios.js";
import { median, rotate } from "./lib/stats.js";
import { runWrk } from "./lib/wrk.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    baseline: { type: "string", default: "389c79e~1" },
    candidate: { type: "string", default: "cefc0ec" },
  },
});
const rounds = Number(values.rounds);
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const benchDir = import.meta.dirname;
const repo = join(benchDir, "..");

/** Builds core as it was at `rev` into a folder of its own (once per rev); returns its entry. */
function coreAt(rev: string): string {
  const commit = execFileSync("git", ["rev-parse", rev], { cwd: repo }).toString().trim();
  const dir = join(tmpdir(), `trellis-core-${commit.slice(0, 12)}`);
  const entry = join(dir, "packages/core/dist/trellis-core.js");
  if (existsSync(entry)) return entry;
  mkdirSync(dir, { recursive: true });
  execFileSync(
    "sh",
    ["-c", `git archive ${commit} packages/core tsconfig.base.json | tar -x -C ${dir}`],
    {
      cwd: repo,
    },
  );
  // Its dependencies and the types tsc wants (bun's) are the workspace's own.
  for (const [target, link] of [
    ["packages/core/node_modules", "packages/core/node_modules"],
    ["node_modules", "node_modules"],
  ] as const) {
    if (!existsSync(join(dir, link))) symlinkSync(join(repo, target), join(dir, link));
  }
  const core = join(dir, "packages/core");
  execFileSync(join(repo, "node_modules/.bin/tsc"), ["-b"], { cwd: core, stdio: "inherit" });
  execFileSync(
    process.execPath,
    [
      "build",
      "dist/index.js",
      "--outfile",
      "dist/trellis-core.js",
      "--target",
      "node",
      "--format",
      "esm",
      "--packages",
      "external",
    ],
    { cwd: core, stdio: "inherit" },
  );
  return entry;
}

// The OTLP sink: accepts and drops what the sdk server exports.
let exported = 0;
const sink = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    exported += (await request.arrayBuffer()).byteLength;
    return new Response("{}", { headers: { "content-type": "application/json" } });
  },
});

type Mode = "baseline" | "off" | "sdk";

async function start(mode: Mode, core: string | undefined) {
  const port = await freePort();
  const child = Bun.spawn(
    ["taskset", "-c", "0", process.execPath, join(benchDir, "telemetry/target.ts")],
    {
      cwd: benchDir,
      env: {
        ...process.env,
        PORT: String(port),
        MODE: mode,
        NODE_ENV: "production",
        OTLP_SINK: `http://127.0.0.1:${sink.port}`,
        ...(core ? { TRELLIS_CORE: core } : {}),
      },
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
    if (tries > 400) throw new Error(`${mode} did not start`);
    await Bun.sleep(50);
  }
  return { url, child };
}

const picked = scenarios.filter((scenario) => ["S1", "S2", "S3"].includes(scenario.id));
const scriptDir = join(benchDir, ".results/telemetry");
mkdirSync(scriptDir, { recursive: true });
const scripts = new Map<string, string | undefined>();
for (const scenario of picked) {
  const text = wrkScript(scenario);
  if (text === undefined) continue;
  const path = join(scriptDir, `${scenario.id}.lua`);
  writeFileSync(path, text);
  scripts.set(scenario.id, path);
}

const baselineEntry = coreAt(values.baseline);
const candidateEntry = coreAt(values.candidate);
const servers: Partial<Record<Mode, { url: string; child: { kill(): void } }>> = {};
const samples = new Map<string, number[]>();
let failures = 0;
type Case = { mode: Mode; scenario: (typeof picked)[number] };
const once = (item: Case, seconds: number) =>
  runWrk({
    url: (servers[item.mode] as { url: string }).url + item.scenario.path,
    durationSeconds: seconds,
    connections,
    cpu: "1",
    cwd: benchDir,
    ...(scripts.get(item.scenario.id) ? { script: scripts.get(item.scenario.id) } : {}),
  });
/** Times `modes` on every scenario, interleaved round by round; samples keyed "phase mode id". */
async function phase(name: string, modes: readonly Mode[]) {
  const cases = modes.flatMap((mode) => picked.map((scenario) => ({ mode, scenario })));
  for (const item of cases) await once(item, 2); // warm-up, untimed
  for (let round = 0; round < rounds; round++) {
    for (const item of rotate(cases, round)) {
      const result = await once(item, durationSeconds);
      failures += result.non2xx + result.socketErrors;
      const key = `${name} ${item.mode} ${item.scenario.id}`;
      samples.set(key, [...(samples.get(key) ?? []), result.requestsPerSecond]);
    }
  }
}
servers.baseline = await start("baseline", baselineEntry);
servers.off = await start("off", candidateEntry);
await phase("1", ["baseline", "off"]);
servers.baseline.child.kill();
servers.sdk = await start("sdk", candidateEntry);
await phase("2", ["off", "sdk"]);
for (const server of Object.values(servers)) server.child.kill();
sink.stop(true);

const spread = (values: number[]) => {
  const m = median(values) ?? 0;
  return m === 0 ? 0 : (Math.max(...values) - Math.min(...values)) / m;
};
const rows = picked.map((scenario) => {
  const of = (key: string) => samples.get(`${key} ${scenario.id}`) ?? [];
  const base = median(of("1 baseline")) ?? 0;
  const off = median(of("1 off")) ?? 0;
  const off2 = median(of("2 off")) ?? 0;
  const sdk = median(of("2 sdk")) ?? 0;
  const pct = (key: string) => `±${(spread(of(key)) * 50).toFixed(1)}%`;
  return `| ${scenario.id} \`${scenario.method} ${scenario.path}\` | ${Math.round(base)} (${pct("1 baseline")}) | ${Math.round(off)} (${pct("1 off")}) | ${(off / base).toFixed(3)} | ${Math.round(off2)} (${pct("2 off")}) | ${Math.round(sdk)} (${pct("2 sdk")}) | ${(sdk / off2).toFixed(3)} |`;
});
const report = `# Telemetry: what it costs

Written by \`bun telemetry.ts\` (${rounds} rounds of ${durationSeconds} s, ${connections} connections, wrk on CPU 1,
servers on CPU 0, cases interleaved per round; medians, ± half the range over rounds).
${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} cores shared with other work: compare ratios, not numbers.

- **baseline**: core built from \`${values.baseline}\`, before observability.
- **off**: core built from \`${values.candidate}\` (observability, and the HEAD-on-@Sse fix that completed it), no OpenTelemetry SDK
  registered and no \`telemetry\` option: nothing observes the app.
- **sdk**: the same core with the OpenTelemetry SDK registered before \`createApp\` and
  \`plugins: [openTelemetry()]\` of \`@trellis/otel\` (a batch span
  processor and a metric reader exporting over OTLP/HTTP JSON to a sink): a server span and its
  stage spans per request, and the HTTP metrics.

Phase 1 interleaves baseline and off; phase 2 interleaves off and sdk (the sdk server's exports
never run beside phase 1).

| scenario | 1: baseline req/s | 1: off req/s | off / baseline | 2: off req/s | 2: sdk req/s | sdk / off |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}

Failed or non-2xx responses: ${failures}. Bytes exported by the sdk server: ${exported}.

With telemetry off, routes compile to the same code as the baseline and the router adds no
wrapper, so *off / baseline* should sit within the run-to-run spread of 1.0.
`;
await Bun.write(join(benchDir, "TELEMETRY.md"), report);
console.log(report);
