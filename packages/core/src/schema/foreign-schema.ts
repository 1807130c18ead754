/** Which library a schema value looks like it comes from, by shape (core imports none of them). */
interface Library {
  readonly name: string;
  /** The `name` of the adapter for it. */
  readonly adapterName: string;
  /** The adapter that takes its schemas, as `schema` in createApp. */
  readonly adapter: string;
  readonly test: (value: object) => boolean;
}

const has = (value: object, key: string | symbol): boolean => key in value;

/** The `~standard` member of a Standard Schema V1 value (an object, or a function for ArkType). */
function standardProps(value: unknown): Record<string, unknown> | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  const props = (value as { "~standard"?: unknown })["~standard"];
  return typeof props === "object" &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === "function"
    ? (props as Record<string, unknown>)
    : undefined;
}

// The documented way each library gives its Standard Schema values a JSON Schema.
const jsonSchemaFixes: Record<string, string> = {
  valibot: "wrap the schema with toStandardJsonSchema() from @valibot/to-json-schema",
  zod: "upgrade zod to 4.2 or later, whose schemas implement it",
};

/**
 * Why a Standard Schema value cannot be documented, or undefined when it can (or is no Standard
 * Schema): it validates (`~standard.validate`) but has no `~standard.jsonSchema`.
 */
export function missingJsonSchema(value: unknown): string | undefined {
  const props = standardProps(value);
  if (props === undefined) return undefined;
  const converter = props.jsonSchema as { input?: unknown } | undefined;
  if (typeof converter === "object" && typeof converter?.input === "function") return undefined;
  const vendor = typeof props.vendor === "string" ? props.vendor : "unknown";
  const fix =
    jsonSchemaFixes[vendor] ??
    "use a version of the library that implements Standard JSON Schema, or its own Trellis adapter";
  return `it implements Standard Schema (vendor "${vendor}") but not Standard JSON Schema (~standard.jsonSchema), which the OpenAPI document needs: ${fix}`;
}

const libraries: readonly Library[] = [
  {
    name: "Zod",
    adapterName: "zod",
    adapter: "zod() from @trellis/adapter-zod",
    test: (value) => has(value, "_zod") || (has(value, "_def") && has(value, "safeParse")),
  },
  {
    name: "TypeBox",
    adapterName: "typebox",
    adapter: "typebox() from @trellis/adapter-typebox",
    test: (value) => has(value, Symbol.for("TypeBox.Kind")),
  },
  {
    name: "Valibot",
    adapterName: "valibot",
    adapter: "valibot() from @trellis/adapter-valibot",
    test: (value) =>
      (value as { kind?: unknown }).kind === "schema" &&
      typeof (value as { type?: unknown }).type === "string",
  },
];

/**
 * Why an adapter may have refused a schema value, for the startup error: what the value is, and
 * where it looks like another library's schema, the adapter to use instead.
 */
export function whyNotRecognised(value: unknown, adapterName: string): string {
  if (value === undefined) return "it is undefined (an import cycle?)";
  if (value === null) return "it is null";
  if (adapterName === "standard-schema") {
    const missing = missingJsonSchema(value);
    if (missing !== undefined) return missing;
  } else if (
    standardProps(value) !== undefined &&
    !libraries.some((known) => known.test(value as object))
  ) {
    return "it is a Standard Schema value: pass standardSchema() from @trellis/adapter-standard-schema as createApp's `schema`";
  }
  if (typeof value === "function") {
    const name = value.name || "(anonymous)";
    return adapterName === "class-validator"
      ? `class ${name} has no class-validator decorators on its properties (decorate them, for example @IsString())`
      : `it is a class (${name}); classes with class-validator decorators need classValidator() from @trellis/adapter-class-validator`;
  }
  if (typeof value !== "object") return `it is a ${typeof value}, not a schema`;
  const library = libraries.find((candidate) => candidate.test(value));
  if (library !== undefined && library.adapterName !== adapterName) {
    return `it looks like a ${library.name} schema: pass ${library.adapter} as createApp's \`schema\``;
  }
  if (library !== undefined) {
    return `it looks like a ${library.name} schema, but not one of the version this adapter supports`;
  }
  if (has(value, "type") || has(value, "properties") || has(value, "$ref")) {
    return "it looks like a plain JSON Schema object; give a schema of the adapter's library instead";
  }
  return "it is a plain object, not a schema";
}
