import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validate as validateOas32 } from "@hyperjump/json-schema/openapi-3-2";
import { validate } from "@readme/openapi-parser";
import { expect } from "vitest";

// Spectral's library packages are not resolvable from here, so its CLI runs on temp files (offline).
const spectralBin = fileURLToPath(new URL("../../node_modules/.bin/spectral", import.meta.url));

const oas32Schema = "https://spec.openapis.org/oas/3.2/schema-base";

// Warnings that still mean a broken or misleading document (severity 0 always fails).
// `operation-success-response` is not one: an operation without a 2xx `@Returns` is documented
// with a `default` response on purpose (and named in a startup warning); the lint suite of the
// example and the docs (apps/example/test/openapi-lint.test.ts) holds them to every warning.
const failingWarnings = new Set([
  "duplicated-entry-in-enum",
  "oas3-callbacks-in-callbacks",
  "oas3-examples-value-or-externalValue",
  "oas3-operation-security-defined",
  "oas3-unused-component",
  "operation-operationId",
  "operation-operationId-valid-in-url",
  "operation-parameters",
  "operation-tag-defined",
  "path-not-include-query",
  "typed-enum",
]);

interface SpectralResult {
  readonly code: string;
  readonly message: string;
  readonly severity: number;
  readonly path: readonly (string | number)[];
  readonly source?: string;
}

function runSpectral(files: string[], ruleset: string): Promise<SpectralResult[]> {
  const args = ["lint", ...files, "--ruleset", ruleset, "--format", "json", "--quiet"];
  return new Promise((resolve, reject) => {
    execFile(spectralBin, args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout) as SpectralResult[]); // exit code 1 just means "found errors"
      } catch {
        reject(new Error(`Spectral did not run: ${error?.message ?? ""}\n${stderr}`));
      }
    });
  });
}

/** Every inline `allOf` member that forbids additional properties (it would reject its siblings). */
function closedAllOfMembers(value: unknown, path: string, found: string[]): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries())
      closedAllOfMembers(item, `${path}/${index}`, found);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key === "allOf" && Array.isArray(inner)) {
      inner.forEach((member, index) => {
        if ((member as { additionalProperties?: unknown })?.additionalProperties === false) {
          found.push(`${path}/allOf/${index}: additionalProperties: false inside an allOf member`);
        }
      });
    }
    closedAllOfMembers(inner, `${path}/${key}`, found);
  }
}

/**
 * The problems `@readme/openapi-parser` (the official schema for 3.2) and Spectral's `spectral:oas` ruleset find in each
 * document (errors, and the warnings listed above), plus closed `allOf` members. One Spectral run
 * covers all documents. Returns one list per document; empty lists mean valid.
 */
export async function findDocumentProblems(documents: readonly object[]): Promise<string[][]> {
  const problems = documents.map(() => [] as string[]);
  const folder = await mkdtemp(join(tmpdir(), "trellis-openapi-"));
  try {
    const ruleset = join(folder, ".spectral.yaml");
    await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
    const files = documents.map((_document, index) => join(folder, `document-${index}.json`));
    await Promise.all(
      documents.map((document, index) =>
        writeFile(files[index] as string, JSON.stringify(document, null, 2)),
      ),
    );
    const [results] = await Promise.all([
      runSpectral(files, ruleset),
      ...documents.map(async (document, index) => {
        if (String((document as { openapi?: unknown }).openapi).startsWith("3.2.")) {
          // @readme/openapi-parser does not know 3.2 yet: the official 3.2 schema (with the
          // JSON Schema dialect of its Schema Objects) checks it instead.
          const output = await validateOas32(oas32Schema, structuredClone(document) as never);
          if (!output.valid)
            problems[index]?.push("oas-3.2-schema: not valid against the 3.2 schema");
          return;
        }
        // validate() dereferences in place: give it a copy.
        const result = await validate(structuredClone(document) as never);
        if (!result.valid) {
          for (const error of result.errors) {
            problems[index]?.push(`openapi-parser: ${error.message}`);
          }
        }
      }),
    ]);
    for (const result of results) {
      if (result.severity !== 0 && !failingWarnings.has(result.code)) continue;
      const index = files.indexOf(result.source ?? "");
      const where = `/${result.path.join("/")}`;
      problems[Math.max(index, 0)]?.push(`spectral ${result.code} at ${where}: ${result.message}`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  documents.forEach((document, index) => {
    closedAllOfMembers(document, "", problems[index] as string[]);
  });
  return problems;
}

/**
 * Throws, listing every problem, unless the document passes `@readme/openapi-parser`'s
 * `validate()` and Spectral's `spectral:oas` ruleset. Use it on every document a test produces.
 * @example
 * await assertValidDocument(app.document);
 */
export async function assertValidDocument(document: object): Promise<void> {
  await assertValidDocuments([document]);
}

/** `assertValidDocument` for several documents at once (one Spectral run, so much faster). */
export async function assertValidDocuments(documents: readonly object[]): Promise<void> {
  const problems = await findDocumentProblems(documents);
  const report = problems.flatMap((list, index) =>
    list.length === 0 ? [] : [`document ${index}:`, ...list.map((problem) => `  ${problem}`)],
  );
  // An assertion (not a throw), so a test that only checks its documents counts as asserting.
  expect(report, "problems found in the OpenAPI documents").toEqual([]);
}
