import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type AppOptions, buildDocument, type DocumentOptions } from "@trellis/core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createExampleApp } from "../src/app.js";
import { lintDocuments, type NamedDocument } from "./support/openapi-lint.js";

// Every OpenAPI version Trellis emits: a new one is one more entry here.
const versions = ["3.0", "3.1", "3.2"] as const;

// What each app and document was built from, so it can be rebuilt in every version.
const built = vi.hoisted(() => new WeakMap<object, DocumentOptions>());
vi.mock(import("@trellis/core"), async (importOriginal) => {
  const core = await importOriginal();
  return {
    ...core,
    createApp: (options: AppOptions) => {
      const app = core.createApp(options);
      built.set(app, options);
      return app;
    },
    buildDocument: (options: DocumentOptions) => {
      const document = core.buildDocument(options);
      built.set(document, options);
      return document;
    },
  };
});

const examplesDir = join(import.meta.dirname, "..", "..", "..", "docs", "examples");
// Examples that build their app in a function (called here with no arguments).
const factories = new Set(["createUsersApp", "buildApp", "usersDocument"]);

/** Every app or document an example module exports or builds in a factory, by name. */
async function exampleSources(file: string): Promise<[string, DocumentOptions][]> {
  const module = (await import(join(examplesDir, file))) as Record<string, unknown>;
  const found: [string, DocumentOptions][] = [];
  for (const [name, value] of Object.entries(module)) {
    const made =
      typeof value === "function" && factories.has(name) ? (value as () => unknown)() : value;
    const options = typeof made === "object" && made !== null ? built.get(made) : undefined;
    if (options) found.push([`${file.replace(/\.ts$/, "")}#${name}`, options]);
  }
  return found;
}

const apps: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

let found: Promise<[string, DocumentOptions][]> | undefined;
const sources = () => {
  found ??= findSources();
  return found;
};

async function findSources(): Promise<[string, DocumentOptions][]> {
  const example = createExampleApp({ databasePath: ":memory:" });
  apps.push(example);
  const found: [string, DocumentOptions][] = [["example", built.get(example) as DocumentOptions]];
  // testing.ts is a test module (its own `describe` blocks), and builds its app from quick-start.
  const files = readdirSync(examplesDir).filter(
    (name) => name.endsWith(".ts") && name !== "testing.ts",
  );
  for (const file of files.sort()) found.push(...(await exampleSources(file)));
  return found;
}

/** The document of `options` in `version` (the rest of its options as written). */
const documentIn = (options: DocumentOptions, version: string): object =>
  buildDocument({
    ...options,
    openapi: { ...options.openapi, version: version as "3.0", file: undefined },
  });

// Importing every docs example and linting some thirty documents with two linters is long work:
// two of three versions hit the 30 s default on a loaded 2-core machine.
const lintTimeout = 120_000;

describe("documents lint clean (Redocly recommended-strict, Spectral spectral:oas)", () => {
  it(
    "finds the example's document and every docs example's",
    async () => {
      const names = (await sources()).map(([name]) => name.split("#")[0]);
      expect(new Set(names)).toEqual(
        new Set([
          "example",
          "app-plugin",
          "authentication",
          "conditional-requests",
          "controllers-and-routes",
          "dependency-injection",
          "errors",
          "getting-started",
          "guards-and-security",
          "idempotency",
          "rate-limits",
          "interceptors-and-middleware",
          "lifecycle",
          "mcp",
          "mcp-resources",
          "modules",
          "openapi",
          "openapi-client",
          "pagination",
          "provider-scopes",
          "quick-start",
          "request-binding",
          "response-validation",
          "responses",
          "server-sent-events",
          "swagger-ui",
          "typed-client-server",
          "uploads",
          "uploads-arktype",
          "uploads-typebox",
          "uploads-valibot",
          "uploads-zod",
          "websockets",
          "validation",
          "validation-arktype",
          "validation-typebox",
          "validation-valibot",
          "validation-zod",
          "writing-a-feature",
        ]),
      );
    },
    lintTimeout,
  );

  it.each(versions)(
    "in OpenAPI %s: no error and no warning from either linter",
    async (version) => {
      const documents: NamedDocument[] = (await sources()).map(([name, options]) => ({
        name: `${name} (${version})`,
        document: documentIn(options, version),
      }));
      expect(await lintDocuments(documents)).toEqual([]);
      // Redocly's operation-4xx-response is off (see test/lint/redocly.yaml): every operation
      // that takes any input still documents its 400.
      for (const { name, document } of documents) {
        for (const [path, item] of Object.entries((document as { paths: object }).paths)) {
          for (const [method, operation] of Object.entries(item as Record<string, any>)) {
            const takesInput = operation.parameters?.length > 0 || operation.requestBody;
            if (takesInput)
              expect(operation.responses, `${name} ${method} ${path}`).toHaveProperty("400");
          }
        }
      }
    },
    lintTimeout,
  );
});
