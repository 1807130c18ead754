import { configError } from "../errors/core-config-error.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { jsonTextMayInclude } from "../schema/json-text.js";
import { isDataKey, schemaMapKeywords } from "../schema/schema-keywords.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import { stableJson } from "../schema/stable-json.js";
import { withDocumentShapes } from "./document-shapes.js";
import { problemDetailsName, problemDetailsSchema, problemMediaType } from "./problem-details.js";
import { type OpenApiVersion, toOpenApiSchema } from "./schema-dialect.js";
import { withoutSafeIntegerBounds } from "./unbounded-integers.js";

// What the JSON text of a schema that references a component always holds.
const referenceMarks = ['"$ref"', '"discriminator"'];

/**
 * Converts schemas to the document's dialect and remembers which components they reference, so
 * that only models the document actually uses are emitted. Each component is converted and
 * scanned once, whatever the number of references to it: the work is linear in the document.
 */
export class ComponentCollector {
  private readonly used = new Map<string, JsonSchema | undefined>();
  private readonly pending: string[] = [];
  // Each input's conversion, by identity: a schema shared by many operations (a model's
  // reference, a reflected `{ type: "string" }`) is converted and scanned once, and the document
  // shares the result (serializing to YAML goes through JSON, so no anchors appear).
  private readonly converted = new WeakMap<JsonSchema, JsonSchema>();
  // Schemas `checkReferences` has scanned already.
  private readonly checked = new WeakSet<JsonSchema>();
  private problem: Record<string, { schema: JsonSchema }> | undefined;

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly version: OpenApiVersion,
  ) {}

  /** The schema in the document's dialect; `where` names its owner for error messages. */
  convert(schema: JsonSchema, where: string): JsonSchema {
    const known = this.converted.get(schema);
    if (known) return known;
    const shaped = withDocumentShapes(withoutSafeIntegerBounds(schema), this.registry);
    const converted = toOpenApiSchema(shaped, this.version);
    if (jsonTextMayInclude(converted, referenceMarks)) this.scan(converted, where);
    this.converted.set(schema, converted);
    return converted;
  }

  /**
   * Records the components `schema` references without converting it, throwing what `convert`
   * would: the startup check of a document built later (see `checkDocument`).
   */
  checkReferences(schema: JsonSchema, where: string): void {
    if (this.checked.has(schema)) return;
    this.checked.add(schema);
    if (jsonTextMayInclude(schema, referenceMarks)) this.scan(schema, where);
  }

  /** Follows the references of every component used so far, converting none. */
  checkComponents(): void {
    for (let name = this.pending.pop(); name !== undefined; name = this.pending.pop()) {
      const schema = name === problemDetailsName ? undefined : this.registry.get(name);
      if (schema) this.checkReferences(schema, `schema "${name}"`);
    }
  }

  /** The content of an error response: problem+json with the shared problem details component. */
  problemContent(): Record<string, { schema: JsonSchema }> {
    if (!this.problem) {
      this.use(problemDetailsName, "error responses");
      this.problem = { [problemMediaType]: { schema: SchemaRegistry.ref(problemDetailsName) } };
    }
    return this.problem;
  }

  /** Every used component (transitively), converted, sorted by name. */
  components(): Record<string, JsonSchema> {
    for (let name = this.pending.pop(); name !== undefined; name = this.pending.pop()) {
      const source = name === problemDetailsName ? problemDetailsSchema : this.registry.get(name);
      this.used.set(name, this.convert(source as JsonSchema, `schema "${name}"`));
    }
    const result: Record<string, JsonSchema> = {};
    for (const name of [...this.used.keys()].sort()) {
      result[name] = this.used.get(name) as JsonSchema;
    }
    return result;
  }

  private use(name: string, where: string): void {
    if (this.used.has(name)) return;
    if (name === problemDetailsName) {
      const own = this.registry.get(name);
      if (own && stableJson(own) !== stableJson(problemDetailsSchema)) {
        throw configError("SCHEMA_NAME_COLLISION", [
          name,
          "is reserved for Trellis's error responses",
          `the model used by ${where}`,
        ]);
      }
    } else if (!this.registry.get(name)) {
      throw configError("UNRESOLVED_SCHEMA_REF", [
        where,
        `references "#/components/schemas/${name}", which no adapter declared`,
      ]);
    }
    this.used.set(name, undefined);
    this.pending.push(name);
  }

  private scan(value: unknown, where: string): void {
    if (Array.isArray(value)) {
      for (const item of value) this.scan(item, where);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const schema = value as Record<string, unknown>;
    for (const key in schema) {
      const inner = schema[key];
      if (key === "$ref") {
        this.reference(inner, where);
        continue;
      }
      if (inner === null || typeof inner !== "object") continue; // no schema inside a scalar
      if (isDataKey(key)) continue;
      if (key === "discriminator") {
        const mapping = (inner as { mapping?: unknown }).mapping;
        if (mapping && typeof mapping === "object") {
          for (const target of Object.values(mapping)) {
            // A mapping value is a reference or, in its short form, a bare component name.
            if (typeof target === "string" && !target.includes("/")) this.use(target, where);
            else this.reference(target, where);
          }
        }
      } else if (schemaMapKeywords.has(key)) {
        const map = inner as Record<string, unknown>;
        for (const name in map) this.scan(map[name], where);
      } else {
        this.scan(inner, where);
      }
    }
  }

  private reference(target: unknown, where: string): void {
    const name = typeof target === "string" ? SchemaRegistry.refName(target) : undefined;
    if (name === undefined) {
      throw configError("UNRESOLVED_SCHEMA_REF", [
        where,
        `has the reference ${JSON.stringify(target)}; only "#/components/schemas/Name" references can be documented`,
      ]);
    }
    this.use(name, where);
  }
}
