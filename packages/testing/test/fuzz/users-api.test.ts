// Property fuzzing of the users API, per adapter, in-process through app.fetch: no 5xx, the
// 2xx/400 decision agrees with Ajv on the served document, every response matches the document.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  logLines,
  type RecordingLogger,
  recordingLogger,
} from "../hostile/support/recording-logger.js";
import { targets } from "../hostile/support/targets.js";
import { arbitraryBody, bodyText, pathSegment, queryString } from "./support/arbitraries.js";
import { DocumentOracle, type OpenApiDocument } from "./support/document-oracle.js";
import { fuzzRuns, fuzzSeed, fuzzTimeoutMs } from "./support/fuzz-settings.js";
import type { Json } from "./support/openapi-to-json-schema.js";
import {
  bodyDecision,
  type Decision,
  pathDecision,
  queryDecision,
} from "./support/request-oracle.js";
import { responseProblems } from "./support/response-check.js";

const origin = "http://localhost";

describe.each(targets)("fuzz $label", (target) => {
  let logger: RecordingLogger;
  let app: ReturnType<typeof target.createUsersApp>;
  let oracle: DocumentOracle;
  const knownIds: string[] = [];

  beforeAll(async () => {
    logger = recordingLogger();
    // The variants serve OpenAPI 3.1 (JSON Schema 2020-12 as is); the example serves 3.0 (converted).
    app = target.createUsersApp({ logger, openapiVersion: "3.1" });
    const served = await app.fetch(new Request(`${origin}/docs/openapi.json`));
    expect(served.status).toBe(200);
    oracle = new DocumentOracle((await served.json()) as OpenApiDocument);
    for (const name of ["Ada", "Alan", "Grace"]) {
      const response = await app.fetch(
        new Request(`${origin}/users`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, email: `${name.toLowerCase()}@fuzz.example.com` }),
        }),
      );
      knownIds.push(((await response.json()) as { id: string }).id);
    }
  });
  afterAll(() => app.close());

  /** Sends one request and checks it against the decision and the document; counts decisions. */
  async function check(
    request: Request,
    method: string,
    documentedPath: string,
    decision: Decision,
    validStatuses: readonly number[],
    tally: { valid: number; invalid: number; either: number },
  ): Promise<void> {
    const response = await app.fetch(request);
    const body = await response.text();
    const what = `${method} ${request.url} → ${response.status} ${body.slice(0, 300)}`;
    expect(response.status, `no 5xx: ${what}`).toBeLessThan(500);
    if (decision.valid === "either") {
      tally.either++;
      expect([...validStatuses, 400], `${decision.why}: ${what}`).toContain(response.status);
    } else if (decision.valid) {
      tally.valid++;
      expect(validStatuses, `Ajv says valid: ${what}`).toContain(response.status);
    } else {
      tally.invalid++;
      expect(response.status, `Ajv says invalid (${decision.why}): ${what}`).toBe(400);
    }
    const operation = oracle.operation(method, documentedPath);
    expect(
      responseProblems(
        oracle,
        operation,
        response.status,
        response.headers.get("content-type"),
        body,
      ),
      what,
    ).toEqual([]);
  }

  const runs = { numRuns: fuzzRuns, seed: fuzzSeed, endOnFailure: false } as const;

  it.each([
    ["/users", [201, 409]],
    ["/users/bulk", [201, 409]],
  ] as const)(
    `POST %s: ${fuzzRuns} generated bodies`,
    async (path, validStatuses) => {
      const operation = oracle.operation("POST", path);
      const schema = operation.requestBody?.content["application/json"]?.schema as Json;
      const tally = { valid: 0, invalid: 0, either: 0 };
      await fc.assert(
        fc.asyncProperty(bodyText(oracle, schema), async (text) => {
          const request = new Request(`${origin}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: text,
          });
          await check(
            request,
            "POST",
            path,
            bodyDecision(oracle, schema, text),
            validStatuses,
            tally,
          );
        }),
        runs,
      );
      expect(tally.valid + tally.invalid + tally.either).toBeGreaterThanOrEqual(fuzzRuns);
      // The mix is not degenerate: both sides of the decision are exercised.
      expect(tally.valid).toBeGreaterThan(fuzzRuns * 0.1);
      expect(tally.invalid).toBeGreaterThan(fuzzRuns * 0.1);
    },
    fuzzTimeoutMs,
  );

  it(
    `GET /users?page&limit: ${fuzzRuns} generated query strings`,
    async () => {
      const parameters = oracle.operation("GET", "/users").parameters ?? [];
      const tally = { valid: 0, invalid: 0, either: 0 };
      await fc.assert(
        fc.asyncProperty(queryString(oracle, parameters), async (search) => {
          const request = new Request(`${origin}/users?${search}`);
          const seen = new URL(request.url).search.slice(1); // what the server reads
          await check(
            request,
            "GET",
            "/users",
            queryDecision(oracle, parameters, seen),
            [200],
            tally,
          );
        }),
        runs,
      );
      expect(tally.valid + tally.invalid + tally.either).toBeGreaterThanOrEqual(fuzzRuns);
      expect(tally.valid).toBeGreaterThan(fuzzRuns * 0.1);
      if (parameters.length > 0) expect(tally.invalid).toBeGreaterThan(fuzzRuns * 0.1);
    },
    fuzzTimeoutMs,
  );

  it(
    `GET /users/:id: ${fuzzRuns} generated path parameters`,
    async () => {
      const operation = oracle.operation("GET", "/users/{id}");
      const parameter = operation.parameters?.find(
        (each) => each.in === "path" && each.name === "id",
      );
      if (!parameter) throw new Error("GET /users/{id} documents no id parameter");
      const tally = { valid: 0, invalid: 0, either: 0 };
      await fc.assert(
        fc.asyncProperty(pathSegment(knownIds), async (segment) => {
          const request = new Request(`${origin}/users/${segment}`);
          const path = new URL(request.url).pathname;
          // Only one segment under /users reaches the route (dot segments are resolved before it).
          fc.pre(path.startsWith("/users/") && path.length > 7 && path.indexOf("/", 7) === -1);
          const raw = path.slice("/users/".length);
          await check(
            request,
            "GET",
            "/users/{id}",
            pathDecision(oracle, parameter, raw),
            [200, 404],
            tally,
          );
        }),
        runs,
      );
      expect(tally.valid + tally.invalid + tally.either).toBeGreaterThanOrEqual(fuzzRuns);
      expect(tally.valid).toBeGreaterThan(fuzzRuns * 0.1);
      expect(tally.invalid).toBeGreaterThan(fuzzRuns * 0.02);
    },
    fuzzTimeoutMs,
  );

  it("treated none of it as a server failure (nothing logged)", () => {
    expect(logLines(logger)).toEqual([]);
  });

  it("the arbitrary generators produce JSON and non-JSON alike (sanity)", () => {
    const samples = fc.sample(arbitraryBody(), { numRuns: 200, seed: 7 });
    const parses = samples.filter((text) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    });
    expect(parses.length).toBeGreaterThan(20);
    expect(samples.length - parses.length).toBeGreaterThan(20);
  });
});
