// SCALE-OUT.md from the runs of scale-out.ts.
import type { EventEngine } from "../../apps/example/test/support/deployment.js";
import type { FanOut, Spread } from "../../apps/example/test/support/fan-out.js";
import type { ScaleOutResult } from "../../apps/example/test/support/scale-out.js";
import type { PublishCost } from "./publish-cost.js";

/** The guide's restart and the fan-out probe, on one event engine. */
export interface EngineRun {
  readonly events: EventEngine;
  readonly restart: ScaleOutResult;
  readonly fanOut: FanOut;
}

/** The same restart done another way (events through Redis). */
export interface VariantRun {
  readonly name: string;
  readonly result: ScaleOutResult;
}

export interface ScaleOutRuns {
  readonly runs: readonly EngineRun[];
  readonly variants: readonly VariantRun[];
  /** The measurement, or why it could not be made. */
  readonly publishCost: PublishCost | string;
  readonly connections: number;
}

const engineName = (events: EventEngine) =>
  events === "redis" ? "Redis (Streams)" : "Postgres (LISTEN/NOTIFY)";

const errors = (wrk: ScaleOutResult["get"]) => wrk.non2xx + wrk.socketErrors;

/** Non-2xx answers by status, then socket errors. */
function errorDetail(wrk: ScaleOutResult["get"], failures: readonly string[] = []): string {
  const statuses = new Map<string, number>();
  for (const failure of failures) {
    const status = failure.split(" ")[0] ?? "?";
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const answered = [...statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
  const non2xx = answered || `${wrk.non2xx} non-2xx`;
  return `${non2xx}, ${wrk.socketErrors} socket`;
}

function restartRow(events: string, result: ScaleOutResult): string {
  const { get, post, stored } = result;
  const followers = result.followers
    .map((f) => `${f.delivered}/${f.expected} (${f.duplicated.length} twice)`)
    .join(" | ");
  const reconnects = result.followers.map((f) => f.connections - 1).join(" / ");
  const once = stored.storedTwice.length === 0 && stored.answeredNotStored.length === 0;
  return `| ${events} | ${get.requests} | ${errors(get)} | ${post.requests} | ${errors(post)} | ${stored.answered} / ${once ? "yes" : "NO"} | ${followers} | ${reconnects} |`;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");
const spread = (value: Spread) => `${ms(value.p50)} / ${ms(value.p99)} / ${ms(value.max)}`;

/** nginx's error log, one line per kind of message with its count. */
function errorKinds(log: string): string {
  const kinds = new Map<string, number>();
  for (const line of log.split("\n").filter(Boolean)) {
    const kind = line
      .replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: \*\d+ /, "[$1] ")
      .replace(/, client: .*$/, "")
      .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT");
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => `${count} × ${kind}`).join("\n") || "(empty)";
}

function publishCostSection(cost: PublishCost | string): string {
  if (typeof cost === "string") return `Not measured: ${cost}`;
  const rows = cost.engines
    .map((row) => `| ${row.engine} | ${row.perSecond} | ${row.slowdown.toFixed(2)} |`)
    .join("\n");
  return `One process per adapter serving \`GET /publish\` (a Trellis route that publishes a user-sized
event through \`WebSocketPublisher\`, with one WebSocket subscriber on the topic), \`wrk -t1
-c${cost.connections}\`, ${cost.rounds} interleaved rounds of ${cost.secondsPerRound} s; the median of each.
The route does nothing else, so the ratio is the most an adapter can cost a request: a real one
(the example's POST /users inserts into Postgres first) pays the same absolute cost on more work.

| adapter | requests/s | in-process ÷ adapter |
| --- | --- | --- |
${rows}`;
}

/** The whole report. */
export function scaleOutReport({ runs, variants, publishCost, connections }: ScaleOutRuns) {
  const first = runs[0]?.restart;
  const restartRows = runs.map((run) => restartRow(engineName(run.events), run.restart));
  const timings = runs
    .flatMap((run) =>
      run.restart.restarts.map(
        (restart, index) =>
          `| ${engineName(run.events)} | ${index + 1} | ${restart.exitCode} | ${restart.drainMs} | ${restart.startMs} |`,
      ),
    )
    .join("\n");
  const fanOutRows = runs
    .map(
      ({ events, fanOut }) =>
        `| ${engineName(events)} | ${fanOut.subscribers} | ${fanOut.delivered}/${fanOut.expected} | ${spread(fanOut.fromSent)} | ${spread(fanOut.fromAnswered)} |`,
    )
    .join("\n");
  const logs = runs
    .map((run) => `${engineName(run.events)}:\n${errorKinds(run.restart.nginxErrors)}`)
    .join("\n\n");
  const variantRows = variants
    .map(
      ({ name, result }) =>
        `| ${name} | ${result.get.requests} | ${errorDetail(result.get)} | ${result.post.requests} | ${errorDetail(result.post, result.stored.failures)} |`,
    )
    .join("\n");
  return `# Scale-out of the documented deployment

Written by \`bun scale-out.ts\` (the harness of \`apps/example/test/scale-out.test.ts\`), ${new Date().toISOString().slice(0, 10)}.
${first?.nginx ?? "nginx"}; ${first?.instances ?? 3} example processes (\`bun src/main.ts\`) on one Postgres
(\`DATABASE_URL\`), behind the nginx block of [docs/deployment.md](../docs/deployment.md); Postgres,
Redis and nginx run as the harness's own processes. The machine has ${navigator.hardwareConcurrency} cores shared by all of
them and by the load: the rates say little; the counts are the point.

## Rolling restart under load

Events go through Redis (\`REDIS_URL\`) or, without it, through Postgres \`LISTEN/NOTIFY\`. For the
whole run \`wrk -t1 -c${connections}\` sends \`GET /users?limit=10\` and another \`wrk -t1 -c${connections}\`
sends \`POST /users\` with a unique e-mail per request, both through nginx and each request on a
new connection (\`Connection: close\`; kept-alive clients are counted below), while an SSE client
(\`GET /users/events\`, resuming with \`Last-Event-ID\`) and a WebSocket client (\`/ws/users\`,
resuming with \`?lastEventId=\`) follow the user events through nginx. Each process in turn is
restarted as the guide says: marked \`down\` and \`nginx -s reload\`, SIGTERM, its replacement
started on the same port once it has exited, \`GET /health/ready\` 200 on the replacement, back in
nginx with another reload. Errors are non-2xx answers plus socket errors. Every user stored
during the run must reach both clients exactly once.

| events through | GET requests | GET errors | POST requests | POST errors | 201s / each stored once | SSE delivered/expected | WebSocket delivered/expected | reconnects (SSE / WS) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${restartRows.join("\n")}

| events through | restart | exit code | SIGTERM to exit (ms) | spawn to ready (ms) |
| --- | --- | --- | --- | --- |
${timings}

nginx's error log during the runs, by kind (a refused connection is retried on the next process,
whatever the method):

\`\`\`text
${logs}
\`\`\`

## Fan-out latency

An SSE and a WebSocket subscriber on each process (straight to its port), users created one at
a time through each process in turn; for each user the time until the last subscriber had it,
in ms (p50 / p99 / max). The handler publishes after its insert and before it answers, so the
time from sending the POST is an upper bound (it includes the insert) and the time from the 201
a lower bound.

| events through | subscribers | deliveries | POST sent → last subscriber | 201 received → last subscriber |
| --- | --- | --- | --- | --- |
${fanOutRows}

## Cost of the adapter on a publishing request

${publishCostSection(publishCost)}

## Other ways to restart

The same run (events through Redis) with wrk keeping its connections to nginx alive: with the
guide's restart, and with SIGTERM alone (no \`down\`, no reload: nginx keeps sending to the
process while it drains and to the replacement while it starts).

| restart | GET requests | GET errors | POST requests | POST errors |
| --- | --- | --- | --- | --- |
${variantRows}

Each reload makes the old nginx workers close their kept-alive client connections, under the
next request of a busy client: wrk counts a socket error for each, although the request never
left nginx. Without the reloads, a replacement answers 503 to the POSTs it gets while it starts
(nginx retries only idempotent requests it has sent), and a process that closes its listener
resets the connections nginx has just opened to it and sent a request on: a 502 for a POST.
(Those 502s are hidden behind the 503s here; in runs with a replacement that listened only once
ready, 3 to 6 POSTs per run of 3 restarts were 502.)
`;
}
