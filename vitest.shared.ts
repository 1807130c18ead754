import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const source = (dir: string) => resolve(root, "packages", dir, "src/index.ts");

/**
 * One vitest config for every package: legacy decorators with metadata (oxc drops them otherwise),
 * workspace packages resolved to their sources so tests never run against a stale dist, every test
 * required to assert something, and a JSON report per package that scripts/test-all.mjs adds up.
 * Type tests live in `*.test-d.ts` files: the root typecheck compiles them, vitest never runs them.
 */
export function trellisVitestConfig(
  packageDir: string,
  include = ["src/**/*.test.ts", "test/**/*.test.ts"],
) {
  return defineConfig({
    root: packageDir,
    oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
    resolve: {
      alias: {
        // Before "@trellis/core", which would take its subpath for its own.
        "@trellis/core/internal": resolve(root, "packages", "core", "src/internal.ts"),
        "@trellis/core/extend": resolve(root, "packages", "core", "src/extend.ts"),
        "@trellis/core": source("core"),
        "@trellis/testing/engines": resolve(root, "packages", "testing", "src/engines/index.ts"),
        "@trellis/testing/conformance": resolve(
          root,
          "packages",
          "testing",
          "src/conformance/index.ts",
        ),
        "@trellis/testing/fixtures": resolve(root, "packages", "testing", "src/fixtures/index.ts"),
        "@trellis/testing/openapi": resolve(root, "packages", "testing", "src/openapi/index.ts"),
        "@trellis/testing": source("testing"),
        "@trellis/adapter-class-validator": source("adapter-class-validator"),
        "@trellis/adapter-typebox": source("adapter-typebox"),
        "@trellis/adapter-zod": source("adapter-zod"),
        "@trellis/adapter-valibot": source("adapter-valibot"),
        "@trellis/adapter-standard-schema": source("adapter-standard-schema"),
        "@trellis/client": source("client"),
        "@trellis/pubsub-redis": source("pubsub-redis"),
        "@trellis/pubsub-postgres": source("pubsub-postgres"),
        "@trellis/mcp": source("mcp"),
        "@trellis/store-redis": source("store-redis"),
        "@trellis/store-postgres": source("store-postgres"),
        "@trellis/rate-limit": source("rate-limit"),
        "@trellis/health": source("health"),
        "@trellis/upload-s3": source("upload-s3"),
        "@trellis/conditional": source("conditional"),
        "@trellis/idempotency": source("idempotency"),
        // The subpath first: an alias matches by prefix.
        "@trellis/auth/testing": resolve(root, "packages/auth/src/testing/index.ts"),
        "@trellis/auth": source("auth"),
        "@trellis/otel": source("otel"),
      },
    },
    test: {
      include,
      server: { deps: { inline: ["zod"] } },
      // Safety nets, never measures: a test that hangs fails, a slow machine does not. At a load
      // of 20 on two cores, unit tests that import the document tooling took over 30 s.
      testTimeout: 180_000,
      hookTimeout: 300_000,
      // A test that asserts nothing fails: it would pass whatever the code does.
      expect: { requireAssertions: true },
      // scripts/test-all.mjs names a report file of its own, so a suite someone runs by hand in
      // the same folder at the same time cannot overwrite the one it adds up.
      reporters: [
        "default",
        ["json", { outputFile: process.env.TRELLIS_TEST_REPORT ?? ".test-report.json" }],
      ],
    },
  });
}
