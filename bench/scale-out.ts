// Scale-out of the documented deployment: `bun scale-out.ts`, writes SCALE-OUT.md.
// The same harness as apps/example/test/scale-out.test.ts: 3 example processes on one Postgres
// behind the nginx block of docs/deployment.md, events through Redis and then through Postgres.
// For each: a rolling restart under wrk GET and POST load with an SSE and a WebSocket client
// following through nginx, then the fan-out latency to a subscriber pair on every instance. Last,
// the restart the guide advises against (nginx reload around each one), to count what it costs.
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type Deployment,
  type EventEngine,
  startDeployment,
} from "../apps/example/test/support/deployment.js";
import { type FanOut, measureFanOut } from "../apps/example/test/support/fan-out.js";
import { runScaleOut, type ScaleOutResult } from "../apps/example/test/support/scale-out.js";
import { measurePublishCost, type PublishCost } from "./scale-out/publish-cost.js";
import { scaleOutReport } from "./scale-out/report.js";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "8" },
    users: { type: "string", default: "200" },
  },
});
const connections = Number(values.connections);

async function withDeployment<T>(events: EventEngine, body: (d: Deployment) => Promise<T>) {
  const deployment = await startDeployment({ instances: 3, events });
  try {
    return await body(deployment);
  } finally {
    await deployment.stop();
  }
}

const engines: EventEngine[] = ["redis", "postgres"];
const runs: { events: EventEngine; restart: ScaleOutResult; fanOut: FanOut }[] = [];
for (const events of engines) {
  console.log(`3 instances, events through ${events}...`);
  runs.push(
    await withDeployment(events, async (deployment) => ({
      events,
      restart: await runScaleOut(deployment, {
        getConnections: connections,
        postConnections: connections,
      }),
      fanOut: await measureFanOut(deployment, Number(values.users)),
    })),
  );
}
console.log("the same restart with an nginx reload around each instance...");
const reloaded = await withDeployment("redis", (deployment) =>
  runScaleOut(deployment, {
    getConnections: connections,
    postConnections: connections,
    takeOut: true,
  }),
);
console.log("the cost of publishing through each adapter...");
let publishCost: PublishCost | string;
try {
  publishCost = await measurePublishCost();
} catch (error) {
  publishCost = error instanceof Error ? error.message : String(error);
}

const report = scaleOutReport({ runs, reloaded, publishCost, connections });
await Bun.write(join(import.meta.dirname, "SCALE-OUT.md"), report);
console.log(report);
