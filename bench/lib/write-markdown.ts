import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchDir } from "./server-process.js";

/**
 * Writes a Markdown report formatted by the repo's Biome (it formats Markdown), so the files the
 * benchmark and the soak write keep `biome check` clean. Returns false when formatting failed.
 */
export function writeMarkdown(path: string, text: string): boolean {
  writeFileSync(path, text);
  const biome = join(benchDir, "..", "node_modules", ".bin", "biome");
  return spawnSync(biome, ["format", "--write", path], { encoding: "utf8" }).status === 0;
}
