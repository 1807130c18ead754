import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

const appDir = join(import.meta.dirname, "..");
const generatedDir = join(import.meta.dirname, "generated");
const clientFile = join(import.meta.dirname, "client", "users-client.ts");
const tsc = join(appDir, "..", "..", "node_modules", ".bin", "tsc");

/** `tsc --noEmit --strict` on one file, the way a client project would check it. */
function typeCheck(file: string): Promise<{ code: number | null; output: string }> {
  const args = [
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    "--target",
    "es2022",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--lib",
    "es2023,dom",
    "--pretty",
    "false",
    relative(appDir, file),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(tsc, args, { cwd: appDir });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

// The client module is loaded at run time by path: the example's own typecheck leaves it out,
// since it imports types that exist only once this test has generated them.
interface ClientModule {
  runUsersClient(baseUrl: string): Promise<{
    created: { id: string; name: string; email: string };
    fetched: unknown;
    listed: unknown[];
    bulk: { name: string }[];
    invalid: { status: number; problem: { status: number; errors?: { path: string }[] } };
    missing: { status: number; problem: unknown };
    avatar: { stored: number; type: string | null; size: number };
  }>;
}

let example: RunningExample;
beforeAll(async () => {
  example = startExample();
  const document = (await (await example.request("/docs/openapi.json")).json()) as OpenAPI3;
  const types = COMMENT_HEADER + astToString(await openapiTS(document));
  mkdirSync(generatedDir, { recursive: true });
  writeFileSync(join(generatedDir, "users-api.ts"), types);
});
afterAll(() => example.stop());

describe("a typed client generated from the served document", () => {
  it("generates the paths and the ProblemDetails schema from the document", () => {
    const types = readFileSync(join(generatedDir, "users-api.ts"), "utf8");
    expect(types).toContain('"/users/{id}": {');
    expect(types).toContain("ProblemDetails: {");
    expect(types).toMatch(/createUsers: \{/);
  });

  it("type-checks the openapi-fetch client in strict mode, wrong call refused", async () => {
    const { code, output } = await typeCheck(clientFile);
    expect(output).toBe("");
    expect(code).toBe(0);
  });

  it("fails type-checking once the wrong call loses its @ts-expect-error", async () => {
    const source = readFileSync(clientFile, "utf8");
    const unchecked = source.replace(/^\s*\/\/ @ts-expect-error.*\n/m, "");
    expect(unchecked).not.toBe(source);
    // Same folder depth as test/client, so "../generated/users-api.js" still resolves.
    const copy = join(generatedDir, "users-client-unchecked.ts");
    writeFileSync(copy, unchecked);
    const { code, output } = await typeCheck(copy);
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /users-client-unchecked\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
    expect(output.trim().split("\n")).toHaveLength(1);
  });

  it("runs against the server: create, get, list, bulk, an avatar upload, and a typed 400 problem", async () => {
    const { runUsersClient } = (await import(clientFile)) as ClientModule;
    const run = await runUsersClient(example.baseUrl);
    expect(run.created).toMatchObject({ name: "Ada", email: "ada@client.example" });
    expect(run.fetched).toEqual(run.created);
    expect(run.listed).toContainEqual(run.created);
    expect(run.bulk.map((user) => user.name)).toEqual(["Alan"]);
    expect(run.invalid.status).toBe(400);
    expect(run.invalid.problem).toMatchObject({ status: 400, title: "Bad Request" });
    expect(run.invalid.problem.errors).toEqual([expect.objectContaining({ path: "/name" })]);
    expect(run.avatar).toEqual({ stored: 204, type: "image/png", size: 8 });
    expect(run.missing).toEqual({
      status: 404,
      problem: expect.objectContaining({ status: 404, title: "Not Found" }),
    });
  });
});
