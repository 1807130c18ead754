import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..", "..", "..");
// What the example loads from dist at runtime; core is built through their project references.
const packages = [
  "packages/adapter-class-validator",
  "packages/swagger-ui",
  "packages/pubsub-redis",
  "packages/pubsub-postgres",
  "packages/mcp",
  "packages/store-redis",
  "packages/rate-limit",
  "packages/health",
  "packages/upload-s3",
  "packages/conditional",
  "packages/idempotency",
  "packages/otel",
  "packages/auth",
];
const outputs = [
  "core",
  "adapter-class-validator",
  "swagger-ui",
  "pubsub-redis",
  "pubsub-postgres",
  "mcp",
  "store-redis",
  "rate-limit",
  "health",
  "upload-s3",
  "conditional",
  "idempotency",
  "otel",
  "auth",
].map((name) => join(root, "packages", name, "dist", "index.js"));

/** Vitest global setup: `tsc -b` the workspace packages the example imports (incremental, fast when current). */
export default function buildPackages(): void {
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const result = spawnSync(tsc, ["-b", ...packages], { cwd: root, encoding: "utf8" });
  const missing = outputs.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Building the workspace packages failed; missing ${missing.join(", ")}:\n${result.stdout}${result.stderr}`,
    );
  }
  if (result.status !== 0) {
    // A package another change is in the middle of: its last good dist stays usable.
    console.warn(`tsc -b reported errors; testing against the existing dist:\n${result.stdout}`);
  }
}
