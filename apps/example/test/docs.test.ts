import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { configErrorCodes, configErrors } from "@trellis/core/extend";
import { validate as lintDockerfile } from "dockerfile-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The testing guide's example is a test module itself: importing it runs its tests in this file.
import "../../../docs/examples/testing.ts";
import { startS3 } from "@trellis/testing/engines";
import { type RunningExample, startExample } from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

type Json = Record<string, any>;

let example: RunningExample;
let document: Json;
beforeAll(async () => {
  example = startExample();
  document = (await (await example.request("/docs/openapi.json")).json()) as Json;
});
afterAll(() => example.stop());

const operation = (path: string, method: string): Json => document.paths[path][method];

describe("documentation served by the example", () => {
  it("serves Swagger UI as an HTML page at /docs", async () => {
    const response = await example.request("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('id="swagger-ui"');
    expect(html).toMatch(/swagger-ui-bundle\.js/);
    const script = await example.request("/docs/swagger-initializer.js");
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("openapi.json");
  });

  it("serves the raw document as JSON and as YAML, the same document as createApp built", async () => {
    const json = await example.request("/docs/openapi.json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const yaml = await example.request("/docs/openapi.yaml");
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(Bun.YAML.parse(await yaml.text())).toEqual(document);
  });

  it("documents OpenAPI 3.0 with the service info and every public operation", () => {
    expect(document.openapi).toBe("3.0.3");
    expect(document.info).toMatchObject({ title: "users", version: "1.0.0" });
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      "GET /health/live",
      "GET /health/ready",
      "GET /me",
      "GET /users",
      "GET /users/events",
      "GET /users/export",
      "GET /users/{id}",
      "GET /users/{id}/avatar",
      "PATCH /users/{id}",
      "POST /users",
      "POST /users/bulk",
      "PUT /users/{id}/avatar",
    ]);
  });

  it("shows what every documentation decorator says", () => {
    const create = operation("/users", "post");
    expect(create).toMatchObject({
      summary: "Create a user",
      description: expect.stringContaining("unique"),
      operationId: "createUser",
      tags: ["users"],
    });
    expect(operation("/health/ready", "get").deprecated).toBeUndefined();
    expect(document.paths["/health/metrics"]).toBeUndefined(); // @Hidden
    expect(
      Object.values(document.paths as Json).flatMap((item) =>
        Object.values(item as Json).map((op) => (op as Json).operationId),
      ),
    ).toEqual(
      expect.arrayContaining(["listUsers", "getUser", "createUser", "createUsers", "getReadiness"]),
    );
  });

  it("documents the models from their class-validator decorators", () => {
    const { schemas } = document.components;
    expect(schemas.CreateUserInput).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["name", "email"]),
      properties: { name: { type: "string", minLength: 1 }, email: { format: "email" } },
    });
    expect(schemas.User).toMatchObject({
      required: expect.arrayContaining(["id", "name", "email"]),
      properties: { id: { format: "uuid" } },
    });
    expect(schemas.BulkCreateUsersInput.properties.users).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { $ref: "#/components/schemas/CreateUserInput" },
    });
    expect(operation("/users", "get").responses["200"].content["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/User" },
    });
    expect(operation("/users", "post").responses["400"].content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    });
  });

  it("documents the problem+json body of the declared error responses (404, 409)", () => {
    const problem = {
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    };
    expect(operation("/users/{id}", "get").responses["404"].content).toEqual(problem);
    expect(operation("/users", "post").responses["409"].content).toEqual(problem);
  });
});

// ---- The written documentation: docs/**/*.md and the root README.md ----

const root = join(import.meta.dirname, "..", "..", "..");
const docsDir = join(root, "docs");
const examplesDir = join(docsDir, "examples");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Symbolic links (docs/node_modules) are neither directories nor files here: never followed.
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.isFile() && entry.name.endsWith(".md") ? [path] : [];
  });
}
const documents = [...markdownFiles(docsDir), join(root, "README.md")];

interface CodeBlock {
  /** `docs/errors.md:42`, the line of the opening fence. */
  readonly where: string;
  /** The folder of the markdown file: snippet paths are relative to it, like links. */
  readonly dir: string;
  readonly lang: string;
  readonly text: string;
  /** The `<!-- snippet: file#region -->` right before the block, if any. */
  readonly snippet: string | undefined;
}

const fence = /^(\s*)```(\S*)\s*$/;
const snippetMarker = /^<!-- snippet: (\S+) -->$/;

function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = fence.exec(lines[index] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    let end = index + 1;
    while (end < lines.length && (lines[end] as string).trim() !== "```") end++;
    let before = index - 1;
    while (before >= 0 && (lines[before] as string).trim() === "") before--;
    blocks.push({
      where: `${relative(root, file)}:${index + 1}`,
      dir: dirname(file),
      lang: open[2] as string,
      text: lines
        .slice(index + 1, end)
        .map((line) => line.slice(indent))
        .join("\n"),
      snippet: snippetMarker.exec((lines[before] ?? "").trim())?.[1],
    });
    index = end;
  }
  return blocks;
}

const regionStart = /^\s*\/\/ #region (\S+)\s*$/;
const regionEnd = /^\s*\/\/ #endregion\b/;

/** The text a marker names: a whole example, or one region of it, without region markers, dedented. */
function snippetText(dir: string, spec: string): string {
  const [file, region] = spec.split("#") as [string, string | undefined];
  let lines = readFileSync(resolve(dir, file), "utf8").split("\n");
  if (region !== undefined) {
    const start = lines.findIndex((line) => regionStart.exec(line)?.[1] === region);
    if (start === -1) throw new Error(`${spec}: ${file} has no region "${region}"`);
    let depth = 0;
    let end = start + 1;
    for (; end < lines.length; end++) {
      const line = lines[end] as string;
      if (regionStart.test(line)) depth++;
      else if (regionEnd.test(line) && depth-- === 0) break;
    }
    lines = lines.slice(start + 1, end);
  }
  lines = lines.filter((line) => !regionStart.test(line) && !regionEnd.test(line));
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^ */.exec(line)![0]);
  const common = Math.min(...indents.map((indent) => indent.length));
  return lines
    .map((line) => line.slice(common))
    .join("\n")
    .trim();
}

const allBlocks = documents.flatMap(codeBlocks);
const tsBlocks = allBlocks.filter((block) => block.lang === "ts" || block.lang === "typescript");
const exampleFiles = readdirSync(examplesDir)
  .filter((name) => name.endsWith(".ts"))
  .sort();

describe("code blocks in the docs", () => {
  it("finds the guides and their TypeScript blocks", () => {
    expect(documents.map((file) => relative(root, file))).toContain("docs/README.md");
    expect(tsBlocks.length).toBeGreaterThan(20);
  });

  it("names the source of every TypeScript block", () => {
    const unmarked = tsBlocks.filter((block) => block.snippet === undefined);
    expect(unmarked.map((block) => block.where)).toEqual([]);
  });

  it("puts every snippet marker right before a TypeScript block", () => {
    const markers = documents.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => snippetMarker.test(line.trim())),
    );
    expect(markers).toHaveLength(tsBlocks.filter((block) => block.snippet).length);
  });

  it.each(tsBlocks.filter((block) => block.snippet).map((block) => [block.where, block] as const))(
    "%s shows its source exactly",
    (_where, block) => {
      expect(block.text.trim()).toBe(snippetText(block.dir, block.snippet as string));
    },
  );

  it("shows every example somewhere", () => {
    const shown = new Set(
      tsBlocks.map((block) => resolve(block.dir, block.snippet?.split("#")[0] ?? "")),
    );
    expect(exampleFiles.filter((name) => !shown.has(join(examplesDir, name)))).toEqual([]);
  });

  it("links only to files that exist", () => {
    const broken = documents.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => (match[1] as string).split("#")[0] as string)
        .filter((target) => target !== "" && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(resolve(dirname(file), target)))
        .map((target) => `${relative(root, file)} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("shows a Dockerfile that parses and lints clean (dockerfile-utils)", () => {
    const dockerfiles = allBlocks.filter((block) => block.lang === "dockerfile");
    expect(dockerfiles.map((block) => block.where)).toEqual([
      expect.stringMatching(/^docs\/deployment\.md:/),
    ]);
    for (const block of dockerfiles) {
      expect(lintDockerfile(block.text).map((issue) => issue.message)).toEqual([]);
      const instructions = block.text
        .split("\n")
        .filter((line) => line.trim() !== "" && !line.startsWith("#"))
        .map((line) => line.split(" ")[0]);
      expect(instructions[0]).toBe("FROM");
      expect(instructions).toContain("USER");
      expect(instructions.at(-1)).toBe("CMD");
      // The start command is the example's own start script.
      expect(block.text).toContain('CMD ["bun", "src/main.ts"]');
    }
  });

  it("maps the Kubernetes probes to routes the example serves, with time to drain", async () => {
    const [block] = allBlocks.filter(
      (candidate) => candidate.lang === "yaml" && candidate.where.startsWith("docs/deployment.md:"),
    );
    const deployment = Bun.YAML.parse(block?.text ?? "") as Json;
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    expect(container.readinessProbe.httpGet.path).toBe("/health/ready");
    expect(container.startupProbe.httpGet.path).toBe("/health/ready");
    expect(container.livenessProbe.httpGet.path).toBe("/health/live");
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(
      10 + container.lifecycle.preStop.sleep.seconds,
    );
    expect((await example.request(container.livenessProbe.httpGet.path)).status).toBe(200);
    // Readiness is the example's real one: 200, or, on a machine so busy that the event loop runs
    // a second late, the 503 under pressure that names the check and says when to retry.
    const ready = await example.request(container.readinessProbe.httpGet.path);
    const readiness = (await ready.json()) as Json;
    if (ready.status === 200) expect(readiness.status).toBe("ok");
    else {
      expect(ready.status).toBe(503);
      expect(readiness.status).toBe("unavailable");
      const checks = Object.values(readiness.checks as Record<string, { status: string }>);
      expect(checks.some((check) => check.status === "down")).toBe(true);
    }
  });

  it("lists every startup error code in docs/errors.md, with its meaning and message from the registry", () => {
    const listed = [
      ...readFileSync(join(docsDir, "errors.md"), "utf8").matchAll(
        /^\| `([A-Z_]+)` +\| (.+?) +\| (.+?) +\|$/gm,
      ),
    ].map((match) => [match[1], match[2], match[3]?.replaceAll("\\|", "|")]);
    expect(listed).toEqual(
      Object.entries(configErrors).map(([code, { meaning, message }]) => [code, meaning, message]),
    );
    expect(Object.entries(configErrorCodes)).toEqual(
      listed.map(([code, meaning]) => [code, meaning]),
    );
  });
});

// ---- The examples the docs show: each one runs, and what it does is asserted here ----

type Example = Record<string, any>;
const json = async (response: Response): Promise<Json> => (await response.json()) as Json;
const paths = (problem: { errors?: { path: string }[] }) =>
  problem.errors?.map((issue) => issue.path);

async function checkAdapterExample({ demo }: Example) {
  const { valid, invalid, document } = await demo();
  expect(valid.status).toBe(201);
  // The undeclared "role" is stripped before the handler sees the input.
  expect(await json(valid)).toEqual({
    id: expect.any(String),
    name: "Ada",
    email: "ada@example.com",
  });
  // In the library's order (ArkType sorts the keys it reports).
  expect(paths(await readProblem(invalid, 400))?.sort()).toEqual(["/email", "/name"]);
  expect(Object.keys(document.components.schemas).sort()).toEqual([
    "CreateUser",
    "ProblemDetails",
    "User",
  ]);
  expect(document.paths["/users"].post.requestBody.content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/CreateUser",
  });
}

async function checkUploadExample({ demo }: Example) {
  const { valid, tooBig, wrongType, document } = await demo();
  expect(await json(valid)).toEqual({
    id: "7",
    caption: "At the lake",
    public: true,
    avatar: { name: "me.png", type: "image/png", size: 2048 },
    attachments: ["a.txt", "b.txt"],
  });
  expect(paths(await readProblem(tooBig, 400))).toEqual(["/avatar"]);
  expect(paths(await readProblem(wrongType, 400))).toEqual(["/avatar"]);
  const body = document.paths["/profiles/{id}"].put.requestBody.content["multipart/form-data"];
  expect(body.encoding).toEqual({ avatar: { contentType: "image/png, image/jpeg" } });
  const ref: string | undefined = body.schema.$ref;
  const schema = ref ? document.components.schemas[ref.split("/").pop() as string] : body.schema;
  expect(schema.properties.avatar).toEqual({
    type: "string",
    format: "binary",
    maxLength: 1024 * 1024,
  });
  expect(schema.properties.attachments.items).toEqual({
    type: "string",
    format: "binary",
    maxLength: 5 * 1024 * 1024,
  });
}

const checks: Record<string, (example: Example) => Promise<void>> = {
  async "rate-limits.ts"({ demo }) {
    const { answers, document } = await demo();
    const statuses = answers.map((answer: Response) => answer.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[0].headers.get("ratelimit-policy")).toBe('"loginAuth";q=5;w=60');
    expect(answers[4].headers.get("ratelimit")).toMatch(/^"loginAuth";r=0;t=\d+$/);
    expect(answers[5].headers.get("content-type")).toBe("application/problem+json");
    const refused = await json(answers[5]);
    expect(refused.type).toBe("https://iana.org/assignments/http-problem-types#quota-exceeded");
    expect(Number(answers[5].headers.get("retry-after"))).toBeGreaterThan(0);
    const login = document.paths["/auth/login"].post;
    expect(Object.keys(login.responses["429"].headers)).toContain("Retry-After");
  },

  async "writing-a-feature.ts"({ demo }) {
    const { list, draft, created, refused, document } = await demo();
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("public, max-age=60");
    expect(draft.status).toBe(200);
    expect(draft.headers.get("cache-control")).toBeNull();
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBeNull();
    expect(refused).toMatchObject({ code: "INVALID_CACHE_CONTROL" });
    expect(String((refused as Error).message)).toContain("BadController.create");
    const headers = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses["200"]?.headers ?? {});
    expect(headers("/articles", "get")).toContain("Cache-Control");
    expect(headers("/articles/draft", "get")).not.toContain("Cache-Control");
  },

  async "app-plugin.ts"({ demo }) {
    const { about, document, refused } = await demo();
    expect(about.status).toBe(200);
    expect(await json(about)).toEqual({ version: "1.4.0", uptimeSeconds: expect.any(Number) });
    const operation = document.paths["/about"].get;
    expect(operation).toMatchObject({ operationId: "getAbout", tags: ["about"], security: [] });
    expect(operation.responses["200"].content["application/json"].schema.required).toEqual([
      "version",
      "uptimeSeconds",
    ]);
    expect(refused).toMatchObject({ code: "PLUGIN_ROUTE_CONFLICT" });
  },

  async "authentication.ts"({ demo }) {
    const { byToken, byKey, missingScope, expired, anonymous, signIn, document } = await demo();
    // Swagger UI's Authorize: initOAuth with the client, PKCE and the resource, from swaggerUi().
    const initializer = await signIn.initializer.text();
    expect(initializer).toContain("window.ui.initOAuth(");
    expect(initializer).toContain('"clientId":"api-docs"');
    expect(initializer).toContain('"usePkceWithAuthorizationCodeGrant":true');
    expect(initializer).toContain('"resource":"https://api.example.com"');
    expect(signIn.redirect.status).toBe(200);
    expect(await signIn.redirect.text()).toContain('<script src="oauth2-redirect.js">');
    expect(await json(byToken)).toEqual({ subject: "ada", via: "jwt" });
    expect(await json(byKey)).toEqual({ subject: "billing-service", via: "apiKey" });
    expect(missingScope.status).toBe(403);
    expect(missingScope.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="profile"',
    );
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({
        type: "oauth2",
        flows: {
          authorizationCode: expect.objectContaining({ scopes: { profile: expect.any(String) } }),
        },
      }),
      key: expect.objectContaining({ type: "apiKey", in: "header", name: "x-api-key" }),
    });
    // OpenAPI 3.0 lists scopes for OAuth schemes only: the API key's requirement shows none.
    expect(document.paths["/me"].get.security).toEqual([{ bearer: ["profile"] }, { key: [] }]);
  },

  async "idempotency.ts"({ demo }) {
    const { first, retry, otherPayload, noKey, paid, document } = await demo();
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await json(retry)).toEqual(await json(first));
    expect(paid).toBe(1);
    expect([otherPayload.status, noKey.status]).toEqual([422, 400]);
    expect((await json(otherPayload)).type).toMatch(/idempotency\.md#key-reused$/);
    expect((await json(noKey)).type).toMatch(/idempotency\.md#key-missing$/);
    const parameters = document.paths["/payments"].post.parameters;
    expect(parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key" }));
  },

  async "documented.ts"({ documented }) {
    expect(documented("shop", "Orders.")).toMatchObject({
      service: { name: "shop", version: "1.0.0", description: "Orders." },
      servers: [{ url: "/" }],
      security: [],
    });
  },

  "uploads.ts": checkUploadExample,
  async "uploads-streaming.ts"({ demo }) {
    // A real S3-compatible server (s3rver), started for this check.
    const s3 = await startS3();
    try {
      const { report, video, document, fetchVideo } = await demo(s3.endpoint);
      const stored = await json(report);
      expect(stored).toMatchObject({ title: "Q3", name: "q3.csv", size: 21 });
      expect(await Bun.file(stored.path).text()).toBe("region,total\nnorth,7\n");
      const sent = await json(video);
      expect(sent).toMatchObject({
        key: expect.stringMatching(/^videos\//),
        size: 12 * 1024 * 1024,
      });
      expect((await fetchVideo(sent.key)).byteLength).toBe(12 * 1024 * 1024);
      const schema = document.components.schemas.VideoUpload;
      expect(schema.properties.video).toMatchObject({ type: "string", format: "binary" });
    } finally {
      await s3.stop();
    }
  },
  "uploads-arktype.ts": checkUploadExample,
  "uploads-typebox.ts": checkUploadExample,
  "uploads-valibot.ts": checkUploadExample,
  "uploads-zod.ts": checkUploadExample,
  async "quick-start.ts"({ app }) {
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const post = (body: unknown) =>
        fetch(new URL("/users", server.url), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const created = await post({ name: "Ada", email: "ada@example.com" });
      expect(created.status).toBe(201);
      const ada = await json(created);
      expect(await json(await fetch(new URL("/users", server.url)))).toContainEqual(ada);
      const nameless = await readProblem(await post({ email: "ada@example.com" }), 400);
      expect(new Set(paths(nameless))).toEqual(new Set(["/name"]));
      expect((await fetch(new URL("/docs", server.url))).status).toBe(200);
    } finally {
      await server.stop(true);
    }
  },

  async "getting-started.ts"({ demo }) {
    const { created, fetched, invalid, missing, listed } = await demo();
    expect(created.status).toBe(201);
    const ada = await json(created);
    expect(ada).toEqual({ id: expect.any(String), name: "Ada", email: "ada@example.com" });
    expect(await json(fetched)).toEqual(ada);
    // The body docs/getting-started.md shows.
    expect(await readProblem(invalid, 400)).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "Request validation failed",
      errors: [
        { in: "body", path: "/name", message: "name should not be empty" },
        { in: "body", path: "/email", message: "email must be an email" },
      ],
      requestId: expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/),
    });
    expect((await readProblem(missing, 404)).detail).toBe("No user has this id.");
    expect(await json(listed)).toContainEqual(ada);
  },

  async "controllers-and-routes.ts"({ demo }) {
    const result = await demo();
    expect(await json(result.root)).toEqual({ name: "shop", orders: "/orders" });
    expect(await json(result.list)).toHaveLength(1);
    expect(await json(result.get)).toMatchObject({ id: "7" });
    expect(result.created.status).toBe(201);
    expect(result.created.headers.get("location")).toBe("/orders/2");
    expect(await json(result.replaced)).toEqual({ id: "7", product: "coffee", quantity: 1 });
    expect(await result.cancelled.text()).toBe("order 7 cancelled");
    expect(result.removed.status).toBe(204);
    await readProblem(result.trailingSlash, 404);
    await readProblem(result.doubleSlash, 404);
    await readProblem(result.unknown, 404);
    expect(result.head.status).toBe(200);
    expect(await result.head.text()).toBe("");
    expect(result.options.status).toBe(204);
    expect(result.options.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
    expect(result.notAllowed.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
    await readProblem(result.notAllowed, 405);
  },

  async "request-binding.ts"({ demo }) {
    const result = await demo();
    expect(await json(result.named)).toEqual({
      id: 42,
      fields: ["title", "author"],
      draft: false,
      tenant: "acme",
      session: "abc",
    });
    expect(await json(result.minimal)).toEqual({ id: 42 });
    expect((await readProblem(result.badNumbers, 400)).errors).toEqual([
      { in: "path", path: "/id", message: "must be a number" },
      { in: "query", path: "/draft", message: "must be true or false" },
    ]);
    expect((await readProblem(result.repeated, 400)).errors).toEqual([
      { in: "query", path: "/page", message: "must be given once" },
    ]);
    expect(await json(result.whole)).toEqual({
      query: { page: 2, tag: ["sf", "classic"] },
      url: "http://localhost/books?page=2&tag=sf&tag=classic&sort=title",
    });
    expect(new Set(paths(await readProblem(result.wholeInvalid, 400)))).toEqual(
      new Set(["/page", "/limit"]),
    );
    expect(await json(result.form)).toEqual({ title: "Dune", stars: 5, recommend: true });
    expect(new Set(paths(await readProblem(result.formInvalid, 400)))).toEqual(
      new Set(["/stars", "/recommend"]),
    );
  },

  async "validation.ts"({ demo }) {
    const { valid, nested, document } = await demo();
    expect(await json(valid)).toEqual({
      email: "ada@example.com",
      items: [{ product: "tea", quantity: 2 }],
    });
    expect(paths(await readProblem(nested, 400))).toEqual([
      "/items/0/product",
      "/items/0/quantity",
    ]);
    expect(document.components.schemas.CreateOrderInput.properties.items).toEqual({
      type: "array",
      minItems: 1,
      items: { $ref: "#/components/schemas/LineItem" },
    });
  },
  "validation-typebox.ts": checkAdapterExample,
  "validation-zod.ts": checkAdapterExample,
  "validation-valibot.ts": checkAdapterExample,
  "validation-arktype.ts": checkAdapterExample,

  async "errors.ts"({ demo }) {
    const result = await demo();
    expect(await readProblem(result.notFound, 404)).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "No account 42.",
      requestId: expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/),
    });
    expect(await readProblem(result.conflict, 409)).toMatchObject({ field: "email" });
    expect(result.tooMany.headers.get("retry-after")).toBe("3600");
    expect(await json(result.tooMany)).toMatchObject({
      type: "https://example.com/problems/transfer-limit",
      title: "Too Many Requests",
      status: 429,
    });
    const crash = await result.crash.text();
    expect(JSON.parse(crash)).toMatchObject({
      status: 500,
      detail: "An unexpected error occurred.",
    });
    expect(crash).not.toMatch(/postgres|secret|refused/);
    expect(result.logged).toEqual([
      [
        `Unhandled error in AccountController.report (request ${JSON.parse(crash).requestId})`,
        expect.any(Error),
      ],
    ]);
    expect(result.formatted.headers.get("content-type")).toBe("application/problem+json");
    expect(await json(result.formatted)).toMatchObject({ status: 404, instance: "/accounts/42" });
    expect(await json(result.formattedNoRoute)).toMatchObject({
      status: 404,
      instance: "/nowhere",
    });
    expect(result.startupError.code).toBe("DUPLICATE_ROUTE");
    expect(result.startupError.message).toMatch(
      /BrokenController\.second.*BrokenController\.first/,
    );
  },

  async "observability-sdk.ts"({ startOpenTelemetry }) {
    expect(startOpenTelemetry).toBeTypeOf("function"); // run by observability.ts's demo
  },

  async "observability.ts"({ demo }) {
    const received: { path: string; type: string | null; body: Buffer }[] = [];
    const receiver = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const path = new URL(request.url).pathname;
        const body = Buffer.from(await request.arrayBuffer());
        received.push({ path, type: request.headers.get("content-type"), body });
        return new Response(null, { status: 200 });
      },
    });
    try {
      const { order, ready, document } = await demo(`http://127.0.0.1:${receiver.port}`);
      expect(order).toBe(200);
      expect(ready).toMatchObject({ status: "ok", checks: { database: { status: "up" } } });
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(["/health/live", "/health/ready"]),
      );
      // Flushed at shutdown, as protobuf: the span continues the caller's trace.
      const traces = received.find((item) => item.path === "/v1/traces");
      expect(traces?.type).toBe("application/x-protobuf");
      expect(traces?.body.includes("GET /orders/{id}")).toBe(true);
      expect(traces?.body.includes(Buffer.from("0af7651916cd43dd8448eb211c80319c", "hex"))).toBe(
        true,
      );
      expect(received.some((item) => item.path === "/v1/metrics")).toBe(true);
    } finally {
      receiver.stop(true);
    }
  },

  async "openapi.ts"({ demo }) {
    const { document, written, legacy, hiddenStillServed } = await demo();
    expect(document.openapi).toBe("3.1.1");
    expect(document.info).toEqual({
      title: "users",
      version: "2.1.0",
      description: "People who use the service.",
      termsOfService: "https://acme.test/terms",
      contact: { name: "Users team", email: "users-team@acme.test" },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    });
    expect(document.servers).toEqual([
      { url: "https://users.acme.test", description: "Production" },
    ]);
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.externalDocs).toEqual({
      url: "https://acme.test/docs/users",
      description: "Guides",
    });
    expect(Object.keys(document.paths).sort()).toEqual([
      "/users",
      "/users/{id}",
      "/users/{id}/profile",
    ]);
    const get = document.paths["/users/{id}"].get;
    expect(get).toMatchObject({
      summary: "Get a user",
      operationId: "getUser",
      tags: ["users"],
      security: [], // @Public()
    });
    expect(Object.keys(get.responses).sort()).toEqual(["200", "400", "404", "500"]);
    const create = document.paths["/users"].post;
    expect(create.description).toContain("unique");
    expect(create.security).toBeUndefined(); // the root's applies
    expect(Object.keys(create.responses).sort()).toEqual([
      "201",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "500",
    ]);
    expect(create.responses["409"].content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    });
    expect(document.paths["/users/{id}/profile"].get.deprecated).toBe(true);
    expect(document.components.schemas.User.properties.nickname).toEqual({
      type: ["string", "null"],
    });
    expect(written).toEqual(document);
    expect(legacy.openapi).toBe("3.0.3");
    expect(legacy.components.schemas.User.properties.nickname).toEqual({
      type: "string",
      nullable: true,
    });
    expect(await json(hiddenStillServed)).toEqual({ users: 1 });
  },

  async "openapi-client.ts"({ demo }) {
    const { document, types } = await demo();
    expect(Object.keys(document.paths).sort()).toEqual(["/users", "/users/{id}"]);
    expect(types).toContain('"/users/{id}": {');
    expect(types).toContain("ProblemDetails: {");
    expect(types).toMatch(/\bcreateUser: \{/); // the default operationId: method, then controller
  },

  async "swagger-ui.ts"({ demo }) {
    const result = await demo();
    expect(result.page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await result.page.text()).toContain("<title>users</title>");
    expect(await json(result.json)).toEqual(result.document);
    expect(Bun.YAML.parse(await result.yaml.text())).toEqual(result.document);
    expect(result.revalidated.status).toBe(304);
    expect(result.inlinePage.status).toBe(200);
    const script = await result.inlineScript.text();
    expect(script).toContain('"docExpansion":"none"');
    expect(script).toContain('"filter":true');
    await readProblem(result.oldPathGone, 404);
    expect(result.explicitPage.status).toBe(200);
  },

  async "deployment.ts"({ demo }) {
    const { answers, ports, afterStop } = await demo();
    expect(answers.map((response: Response) => response.status)).toEqual([200, 200]);
    expect(ports[0]).toBe(ports[1]);
    expect(afterStop).toBe("refused");
  },

  async "conditional-requests.ts"({ demo }) {
    const { read, notModified, versioned, required, changed, stale, document } = await demo();
    expect(read.status).toBe(200);
    const etag = read.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
    expect(versioned.headers.get("etag")).toBe('"1"');
    const problemType = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      return ((await response.json()) as Json).type as string;
    };
    expect(await problemType(required, 428)).toMatch(
      /conditional-requests\.md#428-precondition-required$/,
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe('"2"');
    expect(await problemType(stale, 412)).toMatch(
      /conditional-requests\.md#412-precondition-failed$/,
    );
    const article = document.paths["/articles/{id}"];
    expect(article.get.responses["304"]).toBeDefined();
    expect(article.put.parameters).toContainEqual(
      expect.objectContaining({ name: "If-Match", in: "header", required: true }),
    );
    expect(Object.keys(article.put.responses)).toEqual(expect.arrayContaining(["412", "428"]));
  },

  async "mcp.ts"({ demo, agent, app }) {
    const { listed, created, invalid, missing } = await demo();
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      routes: app.routes,
      fetch: app.fetch,
    });
    try {
      const { tools: listedTools, task } = await agent(`http://127.0.0.1:${server.port}/mcp`, "t");
      expect(listedTools).toHaveLength(2);
      expect(task.structuredContent).toMatchObject({ title: "Hi" });
    } finally {
      await server.stop(true);
    }
    const tools = (listed.result as Json).tools as Json[];
    expect(tools.map((tool) => tool.name)).toEqual(["createTask", "getTask"]); // remove: opted out
    expect((tools[0] as Json).inputSchema.required).toEqual(["body"]);
    expect(created.result).toMatchObject({ structuredContent: { title: "Write the MCP guide" } });
    expect((invalid.result as Json).isError).toBe(true);
    expect(JSON.parse((invalid.result as Json).content[0].text)).toMatchObject({ status: 400 });
    expect(JSON.parse((missing.result as Json).content[0].text)).toMatchObject({ status: 404 });
  },

  async "mcp-resources.ts"({ demo }) {
    const { templates, book, prompt, progress } = await demo();
    expect(templates.resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: "books://{id}", mimeType: "application/json" }),
    ]);
    expect(JSON.parse(book.contents[0].text)).toEqual({ id: "7", title: "Dune" });
    expect(prompt.messages[0].content).toEqual({ type: "text", text: "Review Dune." });
    expect(progress).toEqual([{ progress: 1, total: 1, message: "indexed 1" }]);
  },

  async "pagination.ts"({ demo }) {
    const { second, first, following, end, wrapped, document } = await demo();
    expect(second.headers.get("link")).toBe(
      '</items?page=1&limit=10>; rel="first", </items?page=1&limit=10>; rel="prev", </items?page=3&limit=10>; rel="next", </items?page=3&limit=10>; rel="last"',
    );
    expect((await json(second)).map((item: Json) => item.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(first.headers.get("link")).toBe('</items/feed?cursor=MTA%3D>; rel="next"');
    expect((await json(following)).map((item: Json) => item.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect((await json(end)).map((item: Json) => item.id)).toEqual([21, 22, 23]);
    expect(end.headers.get("link")).toBeNull();
    const headers = document.paths["/items"].get.responses["200"].headers;
    expect(headers.Link.schema).toEqual({ type: "string" });
    expect(wrapped.headers.get("link")).toContain('rel="prev"');
    expect(await json(wrapped)).toMatchObject({
      total: 23,
      items: [{ id: 21 }, { id: 22 }, { id: 23 }],
    });
    const paged = document.paths["/items/paged"].get.responses["200"];
    expect(paged.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ItemPage",
    });
  },

  async "versioning.ts"({ demo }) {
    const { v1, v2, v3, header2, headerDefault, headerUnknown, documents } = await demo();
    expect(v1.headers.get("deprecation")).toBe("@1767225600");
    expect(v1.headers.get("sunset")).toBe("Thu, 31 Dec 2026 00:00:00 GMT");
    expect(await json(v2)).toEqual({ data: { id: "7", status: "shipped" } });
    expect(v3.status).toBe(404);
    expect(header2.headers.get("vary")).toBe("api-version");
    expect(await json(headerDefault)).toEqual({ id: "7", status: "shipped" });
    expect(await json(headerUnknown)).toMatchObject({
      status: 400,
      title: "Unsupported API version",
      supportedVersions: ["1", "2"],
    });
    expect(Object.keys(documents)).toEqual(["1", "2"]);
  },

  async "responses.ts"({ demo }) {
    const { json: asJson, csv, refused, pdf, declared, whole, created, document } = await demo();
    const declaredText = await declared.text();
    expect(declaredText).not.toContain("ownerToken");
    expect(JSON.parse(declaredText)).toEqual({ id: "r1", title: "North", total: 1200 });
    expect(await json(whole)).toEqual({
      id: "r1",
      title: "North",
      total: 1200,
      ownerToken: "tok-1",
    });
    expect(asJson.headers.get("content-type")).toBe("application/json");
    expect(asJson.headers.get("vary")).toBe("accept");
    expect((await json(asJson)).map((report: Json) => report.id)).toEqual(["r1", "r2", "r3"]);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toBe("id,title,total\nr1,North,1200\nr2,South,950\nr3,East,0");
    expect(refused.status).toBe(406);
    await readProblem(refused, 406);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="r1.pdf"');
    expect(await pdf.text()).toContain("%PDF-1.7");
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/reports/r3");
    const list = document.paths["/reports"].get.responses;
    expect(Object.keys(list["200"].content)).toEqual(["application/json", "text/csv"]);
    expect(list["406"]).toBeDefined();
    expect(document.paths["/reports/{id}/pdf"].get.responses["200"].content).toEqual({
      "application/pdf": { schema: { type: "string", format: "binary" } },
    });
    const made = document.paths["/reports"].post.responses["201"];
    expect(Object.keys(made.headers)).toEqual(["Location", "X-Report-Version"]);
    expect(made.content["application/json"].example).toEqual({ id: "r3", title: "East", total: 0 });
  },

  async "response-validation.ts"({ demo }) {
    const { stripped, broken, logged } = await demo();
    expect(await json(stripped)).toEqual({ id: "u1", name: "Ada", email: "ada@example.com" });
    expect(await readProblem(broken, 500)).toMatchObject({
      detail: "An unexpected error occurred.",
    });
    expect(logged).toEqual([
      [
        expect.stringContaining("Response validation failed in UserController.broken (status 200)"),
        [expect.objectContaining({ path: ["email"] })],
      ],
    ]);
  },

  async "guards-and-security.ts"({ demo }) {
    const result = await demo();
    const anonymous = await readProblem(result.anonymous, 401);
    expect(anonymous.title).toBe("Unauthorized");
    expect(result.anonymous.headers.get("www-authenticate")).toBe("Bearer");
    expect(await json(result.bob)).toEqual([{ id: "1" }]);
    expect((await readProblem(result.bobDeletes, 403)).detail).toBe("Missing scope: orders:write.");
    await readProblem(result.aliceUnconfirmed, 403);
    expect(result.aliceConfirmed.status).toBe(204);
    expect(await json(result.publicStatus)).toEqual({ ok: true });
    const { paths: documented, components } = result.document;
    expect(result.document.security).toEqual([{ bearer: [] }]); // root: every operation
    expect(documented["/orders"].get.security).toBeUndefined(); // the same as the root's
    expect(Object.keys(documented["/orders/{id}"].delete.responses)).toEqual(
      expect.arrayContaining(["401", "403"]),
    );
    expect(documented["/status"].get.security).toEqual([]); // @Public()
    expect(components.securitySchemes).toEqual({ bearer: { type: "http", scheme: "bearer" } });
    expect(result.withoutCheck).toBe("UNGUARDED_SECURITY_SCHEME");
  },

  async "interceptors-and-middleware.ts"({ demo }) {
    const result = await demo();
    const cors = {
      "access-control-allow-origin": "https://app.example.com",
      "access-control-allow-credentials": "true",
    };
    const headersOf = (response: Response) => Object.fromEntries(response.headers);
    expect(await json(result.report)).toEqual({ data: { year: 2024, total: 42 } });
    expect(headersOf(result.report)).toMatchObject({
      ...cors,
      "cache-control": "no-store",
      "x-request-id": "abc",
      vary: "Origin",
    });
    await readProblem(result.invalid, 400);
    expect(headersOf(result.invalid)).toMatchObject({ ...cors, "cache-control": "no-store" });
    await readProblem(result.missing, 404);
    expect(headersOf(result.missing)).toMatchObject(cors);
    for (const response of [result.invalid, result.missing]) {
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(result.preflight.status).toBe(204);
    expect(headersOf(result.preflight)).toMatchObject({
      ...cors,
      "access-control-allow-methods": "GET, HEAD, PUT, PATCH, POST, DELETE",
      "access-control-allow-headers": "x-request-id",
      "access-control-max-age": "600",
    });
    expect(result.otherOrigin.status).toBe(200);
    expect(
      [...result.otherOrigin.headers.keys()].filter((name) => name.startsWith("access-control-")),
    ).toEqual([]);
    expect(result.timings).toEqual([
      expect.stringMatching(/^get \d+\.\d ms$/),
      expect.stringMatching(/^get \d+\.\d ms$/),
    ]);
  },

  async "dependency-injection.ts"({ demo }) {
    const { first, second, entries } = await demo();
    expect(await json(first)).toEqual({
      message: "Hello, Ada. It is 2024-05-01T12:00:00.000Z.",
    });
    expect(await json(second)).toMatchObject({ message: expect.stringContaining("Alan") });
    expect(entries).toEqual(["greeted GET greetGreeting", "greeted GET greetGreeting"]);
  },

  async "modules.ts"({ demo }) {
    const { users, modules, mistake } = await demo();
    expect(await json(users)).toEqual([{ id: "1", name: "Ada" }]);
    // The graph docs/modules.md shows.
    expect(modules).toEqual([
      { name: "createApp", imports: ["UsersModule"], controllers: [], providers: [], exports: [] },
      {
        name: "StoreModule",
        imports: [],
        controllers: [],
        providers: ["Store"],
        exports: ["Store"],
      },
      {
        name: "UsersModule",
        imports: ["StoreModule"],
        controllers: ["UserController"],
        providers: ["UserService"],
        exports: [],
      },
    ]);
    expect(mistake).toMatchObject({ code: "PROVIDER_NOT_VISIBLE" });
    expect((mistake as Error).message).toBe(
      "[PROVIDER_NOT_VISIBLE] UserService constructor parameter #0 (in ForgetfulModule) needs Store, which StoreModule provides but ForgetfulModule cannot see: import StoreModule into ForgetfulModule.",
    );
  },

  async "provider-scopes.ts"({ demo }) {
    const { ada, alan } = await demo();
    expect(await json(ada)).toEqual({ message: "Hello, Ada", shared: true });
    expect(await json(alan)).toEqual({ message: "Hello, Alan", shared: true });
  },

  async "lifecycle.ts"({ demo }) {
    const { early, statusBefore, later, statusAfter, events } = await demo();
    const problem = await readProblem(early, 503);
    expect(problem.detail).toBe("The service is starting; retry shortly.");
    expect(early.headers.get("retry-after")).toBe("1");
    expect(statusBefore).toBe("starting");
    expect(await json(later)).toEqual({ open: true, region: "eu-west" });
    expect(statusAfter).toBe("closed");
    expect(events).toEqual(["connection opened", "connection closed"]);
  },

  async "websockets.ts"({ demo }) {
    const result = await demo();
    const said = { type: "said", data: { room: "lobby", text: "hello", by: "ada" } };
    expect(result.adaEcho).toEqual(said);
    expect(result.bobHeard).toEqual(said);
    expect(result.invalid).toMatchObject({
      type: "error",
      id: 1,
      data: { status: 400, errors: [{ in: "message", path: "/data/text" }] },
    });
    expect(result.announcement).toEqual({
      type: "said",
      data: { room: "lobby", text: "closing in 5", by: "system" },
    });
    expect((await readProblem(result.refused, 401)).title).toBe("Unauthorized");
    expect(result.asyncapi.asyncapi).toBe("3.0.0");
    expect(result.codes).toEqual([1001, 1001]);
    expect(result.departures.sort()).toEqual(["ada", "bob"]);
  },

  async "typed-client-server.ts"({ app }) {
    const manifest = await json(await app.fetch(new Request("http://localhost/docs/client.json")));
    expect(
      manifest.operations.map((operation: Json) => [operation.handler, operation.args]),
    ).toEqual([
      ["list", [{ in: "query" }]],
      ["get", [{ in: "path", name: "id" }]],
      ["create", [{ in: "body", contentType: "application/json" }]],
    ]);
    // Class and method names, not schemas: only what a call needs.
    expect(Object.keys(manifest.operations[0]).sort()).toEqual([
      "args",
      "controller",
      "handler",
      "method",
      "operationId",
      "path",
    ]);
  },

  async "scale-out.ts"({ demo, pubsubFromEnv }) {
    const { opening, first, resumed } = await demo();
    expect(opening).toBe("retry: 2000\n: open\n\n");
    expect(first).toBe('id: 1\ndata: {"id":"o1","item":"tea"}\n\n');
    expect(resumed).toBe('id: 2\ndata: {"id":"o2","item":"coffee"}\n\n');
    for (const [env, engine] of [
      [{}, "in-process"],
      [{ DATABASE_URL: "postgres://db.invalid/app" }, "postgres"],
      [{ REDIS_URL: "redis://cache.invalid:6379", DATABASE_URL: "postgres://x" }, "redis"],
    ] as const) {
      const pubsub = pubsubFromEnv(env);
      expect(pubsub.status().engine).toBe(engine);
      await pubsub.close();
    }
  },

  async "server-sent-events.ts"({ demo }) {
    const { first, second, afterResume, invalid, viaClient, document } = await demo();
    const event = (id: number, userId: string) =>
      `event: deleted\nid: ${id}\ndata: {"kind":"deleted","userId":"${userId}"}\n\n`;
    expect(first).toBe(event(1, "u1"));
    expect(second).toBe(event(2, "u2"));
    expect(afterResume).toBe(event(2, "u2"));
    expect(invalid).toBe(400);
    expect(viaClient).toBe("u1");
    expect(document.openapi).toBe("3.2.0");
    const stream =
      document.paths["/users/events"].get.responses["200"].content["text/event-stream"];
    expect(stream.itemSchema.properties.data).toEqual({
      type: "string",
      contentMediaType: "application/json",
      contentSchema: { $ref: "#/components/schemas/UserEvent" },
    });
  },

  async "typed-client.ts"({ todoApi, tour }) {
    const { app } = await import(join(examplesDir, "typed-client-server.ts"));
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const result = await tour(todoApi(server.url.href));
      const todo = { id: expect.any(String), title: "Write the docs", done: false };
      expect(result).toEqual({
        created: todo,
        fetched: todo,
        open: [todo],
        status: 400,
        issues: ["body /title"],
        missing: 404,
      });
    } finally {
      await server.stop(true);
    }
  },
};

describe("the examples the docs show", () => {
  it("has a check for every example (testing.ts runs as tests above)", () => {
    expect(Object.keys(checks).sort()).toEqual(
      exampleFiles.filter((name) => name !== "testing.ts"),
    );
  });

  it.each(Object.keys(checks))("runs %s", async (name) => {
    const example = (await import(join(examplesDir, name))) as Example;
    await (checks[name] as (example: Example) => Promise<void>)(example);
  });
});
