import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Runs a command without blocking this process (the example answers it from here). */
function run(command: string, args: readonly string[], cwd: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

let example: RunningExample;
let endpoint: string;
beforeAll(() => {
  example = startExample();
  endpoint = `http://localhost:${example.server.port}/mcp`;
});
afterAll(() => example.stop());

describe("the example's /mcp, checked by the official MCP tools", () => {
  it("lists and calls the tools with the MCP Inspector CLI", async () => {
    // inspector-cli 1.0.3 finds its own package.json only from a working directory beside it.
    const build = join(packageDir("@modelcontextprotocol/inspector-cli"), "build");
    const listed = await run("node", ["index.js", endpoint, "--method", "tools/list"], build);
    expect(listed.code, listed.output).toBe(0);
    const names = (JSON.parse(listed.output) as { tools: { name: string }[] }).tools.map(
      ({ name }) => name,
    );
    expect(names).toEqual(expect.arrayContaining(["listUsers", "getUser", "createUser"]));
    const body = JSON.stringify({ name: "Ines", email: "ines@example.com" });
    const args = ["index.js", endpoint, "--method", "tools/call", "--tool-name", "createUser"];
    const called = await run("node", [...args, "--tool-arg", `body=${body}`], build);
    expect(called.code, called.output).toBe(0);
    expect(JSON.parse(called.output).structuredContent).toMatchObject({ name: "Ines" });
  }, 60_000);
});
