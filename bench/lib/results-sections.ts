// Sections of RESULTS.md that other commands own (the instruction judge, the type-check budget):
// each is replaced in place by its own command, and carried over when `pnpm bench` rewrites the
// file whole, like the soak's section.
import { existsSync, readFileSync } from "node:fs";
import { writeMarkdown } from "./write-markdown.js";

/** The headings of the sections owned by other commands than `pnpm bench`. */
export const OWNED_SECTIONS = [
  "## Instructions per request (callgrind)",
  "## Type-check budget (@trellis/client)",
] as const;

const bounds = (lines: readonly string[], heading: string): [number, number] | undefined => {
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  return [start, end === -1 ? lines.length : end];
};

/** `markdown` with the section of `section`'s first line replaced, or inserted before "## Soak". */
export function replaceSection(markdown: string, section: string): string {
  const heading = section.split("\n")[0]!.trim();
  const lines = markdown.replace(/\s+$/, "").split("\n");
  const found = bounds(lines, heading);
  const body = [...section.trimEnd().split("\n"), ""];
  if (found) lines.splice(found[0], found[1] - found[0], ...body);
  else {
    const soak = lines.findIndex((line) => line.trim() === "## Soak");
    lines.splice(soak === -1 ? lines.length : soak, 0, ...(soak === -1 ? ["", ...body] : body));
  }
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

/** The section under `heading` in `markdown`, or undefined. */
export function extractSection(markdown: string, heading: string): string | undefined {
  const lines = markdown.split("\n");
  const found = bounds(lines, heading);
  return found && lines.slice(found[0], found[1]).join("\n").trimEnd();
}

/** For `pnpm bench`: the freshly rendered report with the owned sections of the previous one. */
export function carryOwnedSections(previous: string, rendered: string): string {
  let markdown = rendered;
  for (const heading of OWNED_SECTIONS) {
    const section = extractSection(previous, heading);
    if (section !== undefined) markdown = replaceSection(markdown, section);
  }
  return markdown;
}

/** Replaces (or adds) one owned section of the file, formatted by Biome like the rest. */
export function replaceResultsSection(file: string, section: string): void {
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "# Trellis benchmark results\n";
  writeMarkdown(file, replaceSection(previous, section));
}
