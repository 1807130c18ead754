import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Separate processes, as two instances started at once would be: each opens the file, sets the
// pragmas, migrates and closes. Before busy_timeout came first, `journal_mode = WAL` on a new file
// failed with "database is locked" in about 1 start out of 6.
const folder = mkdtempSync(join(tmpdir(), "trellis-example-opens-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const openOnce = `
  const { openDatabase } = await import(${JSON.stringify(join(import.meta.dirname, "open-database.ts"))});
  const database = openDatabase(process.argv.at(-1));
  const { user_version } = database.query("PRAGMA user_version").get();
  database.close(true);
  console.log("version", user_version);
`;

interface Outcome {
  readonly code: number | null;
  readonly output: string;
}

function openInProcess(path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", openOnce, path], { stdio: "pipe" });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("openDatabase from many processes at once", () => {
  it("opens and migrates a new file from 100 processes (10 waves of 10, a new file per wave) with 0 failures", async () => {
    const outcomes: Outcome[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const path = join(folder, `wave-${wave}.sqlite`);
      outcomes.push(...(await Promise.all(Array.from({ length: 10 }, () => openInProcess(path)))));
    }
    const failures = outcomes.filter((outcome) => outcome.code !== 0);
    expect(failures.map((failure) => failure.output.match(/^.*error.*$/im)?.[0])).toEqual([]);
    expect(outcomes).toHaveLength(100);
    // Every process saw the schema at the version migrate() writes, whoever migrated it.
    const versions = new Set(outcomes.map((outcome) => outcome.output.trim()));
    expect(versions.size).toBe(1);
  }, 300_000);
});
