import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 46: `@trellis/core` is the app author's surface and stays small; what only extensions need
// lives in `@trellis/core/extend`. Names are counted from the sources, values and types alike.
const maxIndexNames = 170;

/** Every name an entry file exports: export specifiers and exported declarations, each once. */
function exportedNames(entry: string): Set<string> {
  const file = join(import.meta.dirname, entry);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      // `export * from` would hide how many names an entry has: the house style forbids it.
      if (statement.exportClause === undefined) throw new Error(`${entry} has an export *`);
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else {
        names.add(statement.exportClause.name.text);
      }
      continue;
    }
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (
      "name" in statement &&
      statement.name &&
      ts.isIdentifier(statement.name as ts.Node)
    ) {
      names.add((statement.name as ts.Identifier).text);
    }
  }
  return names;
}

describe("core's public entries", () => {
  const index = exportedNames("index.ts");
  const extend = exportedNames("extend.ts");

  it(`@trellis/core exports at most ${maxIndexNames} names`, () => {
    expect(index.size).toBeGreaterThan(0);
    expect(index.size).toBeLessThanOrEqual(maxIndexNames);
  });

  it("@trellis/core/extend shares no name with @trellis/core", () => {
    expect(extend.size).toBeGreaterThan(0);
    expect([...extend].filter((name) => index.has(name))).toEqual([]);
  });

  it("both entries are what the package offers", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8"));
    expect(manifest.exports["."].types).toBe("./dist/index.d.ts");
    expect(manifest.exports["./extend"]).toEqual({
      types: "./dist/extend.d.ts",
      default: "./dist/extend.js",
    });
  });
});
