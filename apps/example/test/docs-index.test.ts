// The docs index (docs/README.md) against the docs folder and the guides themselves: the count the
// root README gives, numbering in order (in the index and in each guide's title), every listed
// guide present and every guide listed, each guide's "Next:" pointing to the one after it; and
// the commands of both READMEs runnable after the README's install (no bare `bun` or `pnpm`,
// which are not on a fresh machine's PATH).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const docsDir = join(root, "docs");
const read = (file: string) => readFileSync(file, "utf8");

interface Listed {
  /** `3`, or `3.1` for a guide listed under guide 3. */
  readonly number: string;
  readonly file: string;
}

/** The guides of the index's numbered list, in reading order, with their numbers. */
function listedGuides(): Listed[] {
  const guides: Listed[] = [];
  let parent = "";
  for (const line of read(join(docsDir, "README.md")).split("\n")) {
    const item = /^( *)(\d+)\. \[[^\]]+\]\(([^)#]+)\)/.exec(line);
    if (!item) continue;
    const [, indent, position, file] = item as unknown as [string, string, string, string];
    if (indent.length === 0) parent = position;
    guides.push({ number: indent.length === 0 ? position : `${parent}.${position}`, file });
  }
  return guides;
}

const guides = listedGuides();

describe("the docs index", () => {
  it("lists as many guides as the README says, numbered in order, top level and nested", () => {
    const top = guides.filter((guide) => !guide.number.includes("."));
    const nested = guides.filter((guide) => guide.number.includes("."));
    const said = /(\d+) short guides read in order and (\d+) more beside them/.exec(
      read(join(root, "README.md")),
    );
    expect(said?.slice(1).map(Number)).toEqual([top.length, nested.length]);
    expect(top.map((guide) => guide.number)).toEqual(top.map((_, index) => String(index + 1)));
    for (const parent of top) {
      const children = nested.filter((guide) => guide.number.startsWith(`${parent.number}.`));
      expect(children.map((guide) => guide.number)).toEqual(
        children.map((_, index) => `${parent.number}.${index + 1}`),
      );
    }
    expect(guides.length).toBe(27);
  });

  it("lists guides that exist, each once, and every guide of the folder", () => {
    const files = guides.map((guide) => guide.file);
    expect(files.filter((file) => !existsSync(join(docsDir, file)))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
    const index = read(join(docsDir, "README.md"));
    const unlisted = readdirSync(docsDir)
      .filter((name) => name.endsWith(".md") && name !== "README.md")
      .filter((name) => !files.includes(name) && !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });

  it("titles each guide with its number", () => {
    const untitled = guides.filter(({ number, file }) => {
      const title = read(join(docsDir, file)).split("\n")[0] ?? "";
      return !title.startsWith(`# ${number}${number.includes(".") ? " " : ". "}`);
    });
    expect(untitled).toEqual([]);
  });

  it("ends each guide but the last with a Next: link to the guide after it, which resolves", () => {
    const links = guides.map((guide) => {
      const next = [...read(join(docsDir, guide.file)).matchAll(/^Next: \[[^\]]+\]\(([^)]+)\)/gm)];
      return { guide: guide.file, next: next.map((match) => match[1]) };
    });
    const expected = guides.map((guide, index) => ({
      guide: guide.file,
      next: index + 1 < guides.length ? [(guides[index + 1] as Listed).file] : [],
    }));
    expect(links).toEqual(expected);
    for (const { next } of links) {
      for (const target of next) expect(existsSync(join(docsDir, target as string))).toBe(true);
    }
  });
});

/** Inline code spans and `sh` block lines of a markdown file, outside TypeScript blocks. */
function commands(file: string): string[] {
  const found: string[] = [];
  let block: string | undefined;
  for (const line of read(file).split("\n")) {
    const fence = /^\s*```(\S*)/.exec(line);
    if (fence) {
      block = block === undefined ? fence[1] : undefined;
      continue;
    }
    if (block === "sh") found.push(line.trim());
    else if (block === undefined)
      found.push(...[...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
  }
  return found;
}

describe("the commands of README.md and docs/README.md", () => {
  it("run bun and pnpm through npx, which a fresh machine with Node and npm has", () => {
    const bare = ["README.md", "docs/README.md"].flatMap((file) =>
      commands(join(root, file))
        .flatMap((text) => text.split(/&&|;|\|\|?/).map((part) => part.trim()))
        .filter((part) => /^(bun|bunx|pnpm)\s+\S/.test(part))
        .map((part) => `${file}: ${part}`),
    );
    expect(bare).toEqual([]);
    const readme = commands(join(root, "README.md")).join("\n");
    expect(readme).toContain("npx -y pnpm@10.34.9 install");
    expect(readme).toContain("npx bun quick-start.ts");
  });
});
