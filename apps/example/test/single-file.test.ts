import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./support/example-server.js";
import { freePort } from "./support/free-port.js";

// The example as one executable file (`bun build --compile src/compiled.ts`, the package's
// `compile` script), started from a folder with no node_modules: the API, the document and
// Swagger UI must all come from inside the binary.
const appDir = join(import.meta.dirname, "..");
const folder = tempFolder("trellis-binary-");
const binary = join(folder.path, "trellis-example");
let child: ChildProcess;
let output = "";
let base = "";

beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    ["build", "--compile", "src/compiled.ts", "--outfile", binary],
    { cwd: appDir, encoding: "utf8" },
  );
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  const port = await freePort();
  child = spawn(binary, [], {
    cwd: folder.path,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_PATH: join(folder.path, "users.sqlite"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 20_000;
  while (!output.includes("Docs:")) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`not started:\n${output}`);
    await Bun.sleep(50);
  }
  base = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  folder.remove();
});

describe("the example as a single-file executable", () => {
  it("serves Swagger UI and its files from inside the binary", async () => {
    const page = await fetch(`${base}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("swagger-ui-bundle.js");
    const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("serves the document", async () => {
    const response = await fetch(`${base}/docs/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain("/users");
  });

  it("validates requests, nested class-validator models included", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await post("/users", { name: "Ada", email: "ada@example.com" });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    expect((await fetch(`${base}/users/${id}`)).status).toBe(200);
    const invalid = await post("/users/bulk", { users: [{ name: "Bob", email: "not-an-email" }] });
    expect(invalid.status).toBe(400);
    const problem = (await invalid.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((issue) => issue.path)).toEqual(["/users/0/email"]);
  });

  it("drains and exits 0 on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
