import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
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
  // localhost, not 127.0.0.1: the suite's DNS rebinding scenario needs a localhost URL.
  endpoint = `http://localhost:${example.server.port}/mcp`;
});
afterAll(() => example.stop());

describe("the example's /mcp, checked by the official MCP tools", () => {
  it("passes every server scenario of the conformance suite that applies (2025-11-25)", async () => {
    const output = mkdtempSync(join(tmpdir(), "trellis-mcp-conformance-"));
    try {
      const cli = join(packageDir("@modelcontextprotocol/conformance"), "dist", "index.js");
      const baseline = join(import.meta.dirname, "mcp-conformance-baseline.yml");
      // Under Bun (process.execPath): the suite needs fs.globSync, which Node 20 lacks.
      const args = [
        cli,
        "server",
        "--url",
        endpoint,
        "--expected-failures",
        baseline,
        "-o",
        output,
      ];
      const { code, output: printed } = await run(process.execPath, args, output);
      const failed = readdirSync(output)
        .map((folder) => readFileSync(join(output, folder, "checks.json"), "utf8"))
        .filter((text) => text.includes('"FAILURE"'))
        .join("\n");
      expect(code, `${printed}\n${failed}`).toBe(0);
      // The scenarios that apply ran and passed, every check of them.
      const checks = new Map<string, string[]>();
      for (const folder of readdirSync(output)) {
        const scenario = folder.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
        const found = JSON.parse(readFileSync(join(output, folder, "checks.json"), "utf8")) as {
          status: string;
        }[];
        checks.set(
          scenario,
          found.map(({ status }) => status),
        );
      }
      for (const scenario of [
        "server-initialize",
        "ping",
        "tools-list",
        "dns-rebinding-protection",
      ]) {
        expect(checks.get(scenario), scenario).toContain("SUCCESS");
        expect(checks.get(scenario), scenario).not.toContain("FAILURE");
      }
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  }, 120_000);

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
