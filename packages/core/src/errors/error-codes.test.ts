import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configErrorCodes, configErrors } from "./error-codes.js";

const repo = join(import.meta.dirname, "../../../..");
const codes = Object.keys(configErrors);

// The number of core's codes. Adding (or removing) one is a decision: change this, the registry
// and docs/errors.md (`npx bun scripts/write-error-table.ts`) together.
const codeCount = 81;

/** The `| \`CODE\` | meaning | message |` rows of docs/errors.md, in order. */
function documentedCodes(): [string, string, string][] {
  const text = readFileSync(join(repo, "docs/errors.md"), "utf8");
  const rows = [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\| (.*?) +\| (.*?) +\|$/gm)];
  const cell = (text: string) => text.replaceAll("\\|", "|");
  return rows.map((row) => [row[1] as string, cell(row[2] as string), cell(row[3] as string)]);
}

/** Every non-test TypeScript source of every package, with its path from the repository. */
function sources(): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  for (const pkg of readdirSync(join(repo, "packages"))) {
    const src = join(repo, "packages", pkg, "src");
    let names: string[];
    try {
      names = readdirSync(src, { recursive: true }) as string[];
    } catch {
      continue; // a package without src/
    }
    for (const name of names) {
      if (!name.endsWith(".ts") || /\.test(-d)?\.ts$|\.fixtures\.ts$|test-helpers/.test(name)) {
        continue;
      }
      const path = join("packages", pkg, "src", name);
      // Without comments: an @example of a throw is not a throw site.
      const text = readFileSync(join(repo, path), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      found.push({ path, text });
    }
  }
  return found;
}

/** The first argument of each call of `name(`, as written. */
function firstArguments(text: string, name: string): string[] {
  const found: string[] = [];
  for (const call of text.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, "g"))) {
    let depth = 0;
    let end = (call.index as number) + call[0].length;
    for (; end < text.length; end++) {
      const char = text[end] as string;
      if ("([{".includes(char)) depth++;
      else if (")]}".includes(char)) {
        if (depth === 0) break;
        depth--;
      } else if (char === "," && depth === 0) break;
    }
    found.push(text.slice((call.index as number) + call[0].length, end).trim());
  }
  return found;
}

/** The codes a feature package adds to `FeatureErrorCodes`, with the package they belong to. */
function featureCodes(files: { path: string; text: string }[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const { path, text } of files) {
    // Core's registry declares the empty interface (and shows it in a comment): not a feature's.
    if (path.endsWith("errors/error-codes.ts")) continue;
    for (const block of text.matchAll(/interface FeatureErrorCodes \{\n(.*?)\n {2}\}/gs)) {
      for (const entry of (block[1] as string).matchAll(/^\s*([A-Z][A-Z0-9_]*):/gm)) {
        found.set(entry[1] as string, path.split("/")[1] as string);
      }
    }
  }
  return found;
}

/** The startup error factories of a package: core's `configError`, or a `defineConfigErrors` one. */
function factories(files: { path: string; text: string }[], pkg: string): string[] {
  const names = pkg === "core" ? ["configError"] : [];
  for (const { path, text } of files) {
    if (path.split("/")[1] !== pkg) continue;
    for (const made of text.matchAll(/const (\w+) = defineConfigErrors\(/g)) {
      names.push(made[1] as string);
    }
  }
  return names;
}

describe("startup error codes", () => {
  it("are as many as the test says: a new code is a decision, made here and in the docs", () => {
    expect(codes).toHaveLength(codeCount);
  });

  it("are all in docs/errors.md with the registry's meaning and message, in its order", () => {
    const documented = documentedCodes();
    expect(documented.map(([code]) => code)).toEqual(codes);
    for (const [code, meaning, message] of documented) {
      const entry = configErrors[code as keyof typeof configErrors];
      expect(meaning, code).toBe(entry.meaning);
      expect(message, code).toBe(entry.message);
      expect(configErrorCodes[code as keyof typeof configErrors]).toBe(entry.meaning);
    }
  });

  it("of feature packages are listed in the package's README, and none is also core's", () => {
    const features = featureCodes(sources());
    expect(features.size).toBeGreaterThan(0);
    for (const [code, pkg] of features) {
      expect(codes, code).not.toContain(code);
      const readme = readFileSync(join(repo, "packages", pkg, "README.md"), "utf8");
      expect(readme, `${pkg}/README.md lists ${code}`).toMatch(
        new RegExp(`^\\| \`${code}\` +\\|`, "m"),
      );
    }
  });

  it("are made only through a registry's factory, never with a message written at the throw", () => {
    const files = sources();
    const made = files.filter(
      ({ path, text }) =>
        !path.endsWith("errors/config-error.ts") && /new TrellisConfigError\(/.test(text),
    );
    expect(made.map(({ path }) => path)).toEqual([]);
  });

  it("are the only codes a startup error is made with", () => {
    const files = sources();
    // A package throws core's codes and the ones it adds itself.
    const own = featureCodes(files);
    let sites = 0;
    for (const { path, text } of files) {
      const pkg = path.split("/")[1] as string;
      for (const factory of factories(files, pkg)) {
        for (const argument of firstArguments(text, factory)) {
          sites++;
          // A literal code, a choice between literals, or a variable typed by the registry.
          const literals = [...argument.matchAll(/"([^"]*)"/g)].map((match) => match[1]);
          if (literals.length === 0) {
            expect(argument, path).toMatch(/^[a-z][A-Za-z0-9_.]*$/);
            continue;
          }
          for (const literal of literals) {
            const known =
              pkg === "core"
                ? codes.includes(literal as string)
                : own.get(literal as string) === pkg;
            expect(known, `${path}: ${literal}`).toBe(true);
          }
        }
      }
    }
    expect(sites).toBeGreaterThan(codes.length);
  });

  it("are each thrown somewhere: no code in the registry is left unused", () => {
    const text = sources()
      .filter(({ path }) => !/errors\/error-codes[\w-]*\.ts$/.test(path))
      .map((file) => file.text)
      .join("\n");
    const unused = codes.filter((code) => !text.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });
});
