// Writes the table of startup error codes in docs/errors.md from core's registry (code, meaning,
// message template), then lets Biome pad it. Run after adding or changing a code:
//   npx bun scripts/write-error-table.ts
// packages/core/src/errors/error-codes.test.ts fails while the table and the registry differ.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { configErrors } from "../packages/core/src/errors/error-codes.ts";

const file = join(import.meta.dirname, "../docs/errors.md");
const cell = (text: string) => text.replaceAll("|", "\\|");
const rows = Object.entries(configErrors).map(
  ([code, entry]) => `| \`${code}\` | ${cell(entry.meaning)} | ${cell(entry.message)} |`,
);
const table = ["| code | meaning | message |", "| --- | --- | --- |", ...rows].join("\n");

const lines = readFileSync(file, "utf8").split("\n");
const start = lines.findIndex((line) => /^\| code +\| meaning +\|/.test(line));
if (start === -1) throw new Error("docs/errors.md has no table of codes (| code | meaning |)");
let end = start;
while (lines[end + 1]?.startsWith("|")) end++;
lines.splice(start, end - start + 1, table);
writeFileSync(file, lines.join("\n"));
execFileSync("npx", ["biome", "format", "--write", file], { stdio: "inherit" });
