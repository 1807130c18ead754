import type { SchemaAdapter, SchemaRefusal } from "./schema-adapter.js";

/**
 * A schema library recognised by the shape of its values (core imports none of them), for the
 * hint of a startup error: which adapter takes its schemas.
 */
interface Library {
  readonly name: string;
  /** The adapter that takes its schemas, as `schema` in createApp. */
  readonly adapter: string;
  readonly test: (value: object) => boolean;
}

const has = (value: object, key: string | symbol): boolean => key in value;

/** True for a Standard Schema V1 value: a `~standard.validate` (an object, or ArkType's function). */
function isStandardSchema(value: unknown): boolean {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const props = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return typeof props === "object" && props !== null && typeof props.validate === "function";
}

const libraries: readonly Library[] = [
  {
    name: "Zod",
    adapter: "zod() from @trellis/adapter-zod",
    test: (value) => has(value, "_zod") || (has(value, "_def") && has(value, "safeParse")),
  },
  {
    name: "TypeBox",
    adapter: "typebox() from @trellis/adapter-typebox",
    test: (value) => has(value, Symbol.for("TypeBox.Kind")),
  },
  {
    name: "Valibot",
    adapter: "valibot() from @trellis/adapter-valibot",
    test: (value) =>
      (value as { kind?: unknown }).kind === "schema" &&
      typeof (value as { type?: unknown }).type === "string",
  },
];

/** What a value refused by an adapter looks like, when the adapter does not say: a hint. */
function looksLike(value: unknown): string {
  const known =
    typeof value === "object" && value !== null
      ? libraries.find((candidate) => candidate.test(value))
      : undefined;
  if (known === undefined && isStandardSchema(value)) {
    return "it is a Standard Schema value: pass standardSchema() from @trellis/adapter-standard-schema as createApp's `schema`";
  }
  if (typeof value === "function") {
    return `it is a class (${value.name || "(anonymous)"}); classes with class-validator decorators need classValidator() from @trellis/adapter-class-validator`;
  }
  if (typeof value !== "object" || value === null) return `it is a ${typeof value}, not a schema`;
  if (known !== undefined) {
    return `it looks like a ${known.name} schema: pass ${known.adapter} as createApp's \`schema\``;
  }
  if (has(value, "type") || has(value, "properties") || has(value, "$ref")) {
    return "it looks like a plain JSON Schema object; give a schema of the adapter's library instead";
  }
  return "it is a plain object, not a schema";
}

/**
 * Why `adapter` refused a schema value, for the startup error: the adapter's own explanation
 * (`explainRefusal`) where it gives one, else what the value looks like (undefined, another
 * library's schema and the adapter that takes it, plain JSON Schema, ...).
 */
export function refusalOf(value: unknown, adapter: SchemaAdapter): SchemaRefusal {
  if (value === undefined) return { reason: "it is undefined (an import cycle?)" };
  if (value === null) return { reason: "it is null" };
  return adapter.explainRefusal?.(value) ?? { reason: looksLike(value) };
}
