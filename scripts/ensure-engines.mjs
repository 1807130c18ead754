#!/usr/bin/env node
// Installs the engines and tools the tests start as their own processes (redis-server,
// postgresql, pgbouncer for the pooler tests, and nginx and wrk for the scale-out test, from
// Debian) when they are missing.
// Idempotent: does nothing when all are there.
// Run before the tests: `node scripts/ensure-engines.mjs`. It never starts a system service.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const onPath = (name) =>
  (process.env.PATH ?? "").split(":").some((dir) => dir !== "" && existsSync(`${dir}/${name}`));

const hasRedis = () => onPath("redis-server") || existsSync("/usr/bin/redis-server");
const hasPostgres = () =>
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((version) =>
    existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
  );

// nginx and wrk: the scale-out test's load balancer and load generator; pgbouncer: the pooler
// the Postgres stores and pub/sub are tested through (run as the test's own process).
const hasTool = (name) =>
  onPath(name) || existsSync(`/usr/sbin/${name}`) || existsSync(`/usr/bin/${name}`);

const missing = [];
if (!hasRedis()) missing.push("redis-server");
if (!hasPostgres()) missing.push("postgresql");
const tools = ["nginx", "wrk", "pgbouncer"];
for (const tool of tools) if (!hasTool(tool)) missing.push(tool);
// Chromium: the Swagger UI browser tests (Debian's, driven by playwright-core; never a download).
const hasChromium = () => existsSync("/usr/bin/chromium");
if (!hasChromium()) missing.push("chromium", "fonts-liberation");

if (missing.length === 0) {
  console.log("ensure-engines: redis-server, postgresql, pgbouncer, nginx and wrk are installed.");
  process.exit(0);
}

console.log(`ensure-engines: installing ${missing.join(", ")} (apt-get).`);
const run = (args) =>
  execFileSync("apt-get", args, {
    stdio: "inherit",
    // No prompts, and no service started by the package's scripts (policy-rc.d is not assumed).
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
try {
  run(["update"]);
  run(["install", "-y", ...missing]);
} catch {
  console.error(
    `ensure-engines: could not install ${missing.join(", ")}. Install them yourself: ` +
      `apt-get update && apt-get install -y ${missing.join(" ")}`,
  );
  process.exit(1);
}
if (!hasRedis() || !hasPostgres() || tools.some((tool) => !hasTool(tool))) {
  console.error("ensure-engines: the engines are still missing after apt-get install.");
  process.exit(1);
}
if (!hasChromium()) {
  console.error("ensure-engines: /usr/bin/chromium is still missing after apt-get install.");
  process.exit(1);
}
console.log("ensure-engines: done.");
