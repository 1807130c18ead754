// Scale-out of the documented deployment: `bun scale-out.ts`, writes SCALE-OUT.md.
// The same harness as apps/example/test/scale-out.test.ts: 3 example processes on one Postgres
// behind the nginx block of docs/deployment.md, events through Redis and then through Postgres.
// For each: the guide's rolling restart under wrk GET and POST load with an SSE and a WebSocket
// client following through nginx, then the fan-out latency to a subscriber pair on every
// instance. Then variants on Redis (kept-alive wrk clients; SIGTERM without the nginx reloads),
// and the cost of each adapter on a publishing request.
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type Deployment,
  type EventEngine,
  startDeployment,
} from "../apps/example/test/support/deployment.js";
import { measureFanOut } from "../apps/example/test/support/fan-out.js";
import { runScaleOut, type ScaleOutOptions } from "../apps/example/test/support/scale-out.js";
import { measurePublishCost, type PublishCost } from "./scale-out/publish-cost.js";
import { type EngineRun, scaleOutReport, type VariantRun } from "./scale-out/report.js";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "8" },
    users: { type: "string", default: "200" },
  },
});
const connections = Number(values.connections);
const load = { getConnections: connections, postConnections: connections };

async function withDeployment<T>(events: EventEngine, body: (d: Deployment) => Promise<T>) {
  const deployment = await startDeployment({ instances: 3, events });
  try {
    return await body(deployment);
  } finally {
    await deployment.stop();
  }
}

const runs: EngineRun[] = [];
for (const events of ["redis", "postgres"] as const) {
  console.log(`3 instances, events through ${events}...`);
  runs.push(
    await withDeployment(events, async (deployment) => ({
      events,
      restart: await runScaleOut(deployment, load),
      fanOut: await measureFanOut(deployment, Number(values.users)),
    })),
  );
}

const variants: { name: string; options: ScaleOutOptions }[] = [
  { name: "the guide's restart, kept-alive wrk clients", options: { clientKeepAlive: true } },
  {
    name: "SIGTERM alone (no nginx reload), kept-alive wrk clients",
    options: { clientKeepAlive: true, takeOut: false },
  },
];
const variantRuns: VariantRun[] = [];
for (const { name, options } of variants) {
  console.log(`${name}...`);
  const result = await withDeployment("redis", (d) => runScaleOut(d, { ...load, ...options }));
  variantRuns.push({ name, result });
}

console.log("the cost of publishing through each adapter...");
let publishCost: PublishCost | string;
try {
  publishCost = await measurePublishCost();
} catch (error) {
  publishCost = error instanceof Error ? error.message : String(error);
}

const report = scaleOutReport({ runs, variants: variantRuns, publishCost, connections });
await Bun.write(join(import.meta.dirname, "SCALE-OUT.md"), report);
console.log(report);
