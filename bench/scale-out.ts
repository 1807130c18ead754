// Scale-out behind nginx with a rolling restart under load: `bun scale-out.ts [--duration 20]`.
// Runs the same harness as apps/example/test/scale-out.test.ts and writes SCALE-OUT.md.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runScaleOut } from "../apps/example/test/support/scale-out.js";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "32" },
  },
});
const result = await runScaleOut({
  durationSeconds: Number(values.duration),
  connections: Number(values.connections),
});
const { wrk } = result;
const restarts = result.restarts
  .map(
    (restart, index) =>
      `| ${index + 1} | ${restart.exitCode} | ${restart.drainMs} | ${restart.startMs} |`,
  )
  .join("\n");
// The nginx error log, one line per kind of message with its count (retried upstream failures).
const kinds = new Map<string, number>();
for (const line of result.nginxErrors.split("\n").filter(Boolean)) {
  const kind = line
    .replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: \*\d+ /, "[$1] ")
    .replace(/, client: .*$/, "")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT");
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
const errorKinds = [...kinds].map(([kind, count]) => `${count} × ${kind}`).join("\n");
const report = `# Scale-out behind nginx, with a rolling restart under load

Written by \`bun scale-out.ts\` (the harness of \`apps/example/test/scale-out.test.ts\`), ${new Date().toISOString().slice(0, 10)}.
${result.nginx}; ${result.processes} example processes (\`bun src/main.ts\`, \`REUSE_PORT=1\`, one per core)
behind the nginx configuration of [docs/deployment.md](../docs/deployment.md); \`wrk -t1 -c${result.connections}
-d${result.durationSeconds}s\` on \`GET /users\` through nginx. During the load each process in turn gets
SIGTERM, and its replacement is started on the same port once it has exited; the next one is
stopped when the replacement answers \`GET /health/ready\` with 200.

| requests | req/s | non-2xx | socket errors |
| --- | --- | --- | --- |
| ${wrk.requests} | ${Math.round(wrk.requestsPerSecond)} | ${wrk.non2xx} | ${wrk.socketErrors} |

| restart | old process exit code | SIGTERM to exit (ms) | replacement spawn to ready (ms) |
| --- | --- | --- | --- |
${restarts}

nginx error log during the run, by kind (each is an upstream attempt nginx retried on the other
process; none reached a client, as the zeros above show):

\`\`\`text
${errorKinds || "(empty)"}
\`\`\`

The machine has ${navigator.hardwareConcurrency} cores shared by nginx, wrk and both servers: the request rate says
little; the zeros are the point.
`;
await Bun.write(join(import.meta.dirname, "SCALE-OUT.md"), report);
console.log(report);
