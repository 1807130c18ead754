import { Database } from "bun:sqlite";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample, tempFolder } from "./support/example-server.js";

/*
 * Spec-driven traffic with no hand-written requests or hooks: Portman turns the served OpenAPI
 * document into a Postman collection with contract tests (2xx status, content type, JSON body,
 * response schema), filling every path parameter and request body from the document's examples,
 * and Newman runs it against the live server.
 *
 * Left out with Portman's own filter (test/contract/portman-filter.json), and why:
 * - followUsers (GET /users/events): a Server-Sent Events stream never ends, so a request
 *   to it cannot complete; user-events.test.ts covers it.
 * - setUserAvatar (PUT /users/{id}/avatar): a multipart upload of an image file, which a
 *   generated collection sends without the file; avatars.test.ts covers it.
 * - getMe (GET /me): the one route that needs credentials (a bearer token or an API key), which a
 *   generated collection does not have; me-auth.test.ts covers it with both schemes.
 * /docs and /docs/openapi.json are not operations of the document, so no tool sees them.
 * renameUser (PATCH /users/{id}) needs the user's current ETag in If-Match: the config sends "*"
 * (any current version), which users-conditional.test.ts complements with real ETags.
 */

const contractDir = join(import.meta.dirname, "contract");
const bin = (name: string) => join(import.meta.dirname, "..", "node_modules", ".bin", name);

// What Newman's JSON reporter writes, as far as this test reads it.
interface NewmanReport {
  run: {
    stats: Record<"requests" | "assertions", { total: number; failed: number }>;
    failures: unknown[];
    executions: {
      request: { method: string; url: { path: string[] } };
      response: { code: number };
    }[];
  };
}

/** Runs a CLI asynchronously (the server under test shares this event loop). */
function run(command: string, args: string[], cwd: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

// The part of an OpenAPI document this test reads.
type PathsDocument = {
  paths: Record<string, Record<string, { parameters?: { name: string; example?: unknown }[] }>>;
};

/** The example value the document gives the path parameter `id` of `GET /users/{id}`. */
function documentedUserId(document: PathsDocument): string {
  const parameter = document.paths["/users/{id}"]?.get?.parameters?.find((p) => p.name === "id");
  if (typeof parameter?.example !== "string") throw new Error("GET /users/{id} has no id example");
  return parameter.example;
}

// The smallest bytes a PNG starts with: the avatar route returns stored bytes as they are.
const pngSignature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const timeoutMs = 240_000;

describe("Portman + Newman against the served document (no hooks)", () => {
  const folder = tempFolder("trellis-contract-");
  let example: RunningExample;
  let report: NewmanReport;
  let userId = "";
  let newmanOutput = "";

  beforeAll(async () => {
    const databasePath = join(folder.path, "users.sqlite");
    example = startExample(databasePath);
    const document = (await (await example.request("/docs/openapi.json")).json()) as PathsDocument;

    // The documented seed: the user (with an avatar) whose id the document gives as the example,
    // so the generated GETs of /users/{id} and /users/{id}/avatar find it. The e-mail differs from
    // every documented request body's, so the generated POSTs do not conflict with it.
    userId = documentedUserId(document);
    const seed = new Database(databasePath);
    seed.run("INSERT INTO users (id, name, email, avatar, avatar_type) VALUES (?, ?, ?, ?, ?)", [
      userId,
      "Seeded User",
      "seeded@example.com",
      pngSignature,
      "image/png",
    ]);
    seed.close();

    const portman = await run(
      bin("portman"),
      [
        "--url",
        `${example.baseUrl}/docs/openapi.json`,
        "--baseUrl",
        example.baseUrl,
        "--portmanConfigFile",
        join(contractDir, "portman-config.json"),
        "--filterFile",
        join(contractDir, "portman-filter.json"),
        "--output",
        "collection.json",
      ],
      folder.path,
    );
    if (portman.code !== 0) throw new Error(`portman failed:\n${portman.output}`);

    const newman = await run(
      bin("newman"),
      [
        "run",
        "collection.json",
        "--reporters",
        "cli,json",
        "--reporter-json-export",
        "report.json",
      ],
      folder.path,
    );
    newmanOutput = newman.output;
    report = JSON.parse(readFileSync(join(folder.path, "report.json"), "utf8")) as NewmanReport;
  }, timeoutMs);

  afterAll(async () => {
    await example?.stop(1_000);
    folder.remove();
  });

  it("ran every operation but the excluded three, each answered with its documented success", () => {
    const ran = report.run.executions.map(
      ({ request, response }) =>
        `${request.method} /${request.url.path.join("/")} ${response.code}`,
    );
    expect(ran.sort()).toEqual(
      [
        "GET /health/live 200",
        "GET /health/ready 200",
        "GET /users 200",
        "GET /users/export 200",
        `GET /users/${userId} 200`,
        `GET /users/${userId}/avatar 200`,
        `PATCH /users/${userId} 200`,
        "POST /users 201",
        "POST /users/bulk 201",
      ].sort(),
    );
  });

  it("reported zero failures over a non-trivial number of requests and assertions", () => {
    const { stats, failures } = report.run;
    expect(failures, newmanOutput).toEqual([]);
    // One per operation that ran (the list above).
    expect(stats.requests).toEqual({ total: 9, failed: 0, pending: expect.any(Number) });
    expect(stats.assertions.failed).toBe(0);
    // Status, content type, JSON body and schema checks: at least 3 per request.
    expect(stats.assertions.total).toBeGreaterThanOrEqual(3 * stats.requests.total);
  });
});
