import type { ModuleInfo } from "@trellis/core";

// A DOT string literal: quotes and backslashes escaped, nothing else can break out of it.
const quoted = (text: string) =>
  `"${text.replace(/[\\"]/g, (char) => `\\${char}`).replace(/\n/g, " ")}"`;

function label(module: ModuleInfo): string {
  const lines = [module.name];
  const add = (title: string, names: readonly string[]) => {
    if (names.length > 0) lines.push(`${title}: ${names.join(", ")}`);
  };
  add("controllers", module.controllers);
  add("providers", module.providers);
  add("exports", module.exports);
  // "\l" ends a left-aligned line in Graphviz; the escaping above keeps user text literal.
  return `"${lines.map((line) => quoted(line).slice(1, -1)).join("\\l")}\\l"`;
}

/**
 * The module graph in Graphviz's DOT language: one box per module (its controllers, providers and
 * exports listed), an arrow from each module to every module it imports.
 *
 * @example
 * moduleGraphDot(app.modules); // 'digraph modules { ... "createApp" -> "UsersModule"; }'
 */
export function moduleGraphDot(modules: readonly ModuleInfo[]): string {
  const lines = [
    "digraph modules {",
    "  rankdir=LR;",
    '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", color="#5b7bb5", fontname="Helvetica", fontsize=11];',
    '  edge [color="#5b7bb5"];',
  ];
  for (const module of modules) lines.push(`  ${quoted(module.name)} [label=${label(module)}];`);
  for (const module of modules) {
    for (const imported of module.imports) {
      lines.push(`  ${quoted(module.name)} -> ${quoted(imported)};`);
    }
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
