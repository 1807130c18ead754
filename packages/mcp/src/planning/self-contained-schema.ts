import type { AppSchemas, JsonSchema } from "@trellis/core/extend";

/**
 * Schemas that stand alone, as MCP tool schemas must: references to the app's components become
 * `#/$defs/Name`, and every component they reach (transitively) is copied under `$defs` of the
 * schema that carries them. One instance per tool, so its `$defs` hold what that tool uses.
 */
export class SelfContained {
  private readonly used = new Map<string, JsonSchema>();

  constructor(private readonly registry: AppSchemas) {}

  /** A copy of `schema` with its component references pointing into `$defs`. */
  schema(schema: JsonSchema): JsonSchema {
    return this.copy(schema) as JsonSchema;
  }

  /** The `$defs` every schema made so far needs, or undefined when none does. */
  definitions(): Record<string, JsonSchema> | undefined {
    return this.used.size === 0 ? undefined : Object.fromEntries(this.used);
  }

  private copy(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.copy(item));
    if (typeof value !== "object" || value === null) return value;
    const output: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key === "$schema" || key === "$id") continue; // the tool's dialect is the protocol's
      if (key === "$ref" && typeof inner === "string") {
        const name = this.registry.componentName(inner);
        output.$ref = name === undefined ? inner : `#/$defs/${this.use(name)}`;
        continue;
      }
      // Property names are data, not keywords: own keys kept as they are, "__proto__" too.
      Object.defineProperty(output, key, {
        value: this.copy(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return output;
  }

  /** Copies a component (once) and returns its name as a `$defs` key. */
  private use(name: string): string {
    if (!this.used.has(name)) {
      const target = this.registry.component(name);
      this.used.set(name, {}); // a placeholder first: recursive models reach themselves
      this.used.set(name, target === undefined ? {} : (this.copy(target) as JsonSchema));
    }
    return name;
  }
}

/** The object schema behind `schema` (following component references), else undefined. */
export function objectShape(
  schema: JsonSchema,
  registry: AppSchemas,
): { properties: Record<string, JsonSchema>; required: readonly string[] } | undefined {
  const resolved = registry.resolve(schema);
  const properties = resolved.properties;
  if (typeof properties !== "object" || properties === null) return undefined;
  return { properties, required: Array.isArray(resolved.required) ? resolved.required : [] };
}
