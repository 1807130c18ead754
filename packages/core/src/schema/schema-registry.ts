import { configError } from "../errors/core-config-error.js";
import { fromOpenApi30 } from "./from-openapi-30.js";
import type { JsonSchema } from "./json-schema.js";
import { jsonTextMayInclude } from "./json-text.js";
import { withSafeIntegerBounds } from "./safe-integer-bounds.js";
import type { JsonSchemaContext, JsonSchemaDialect, SchemaAdapter } from "./schema-adapter.js";
import { isDataKey, schemaMapKeywords } from "./schema-keywords.js";
import { unwrapSelfReference } from "./self-reference.js";
import { setOwn } from "./set-own.js";
import { stableJson } from "./stable-json.js";

const componentPrefix = "#/components/schemas/";
const componentName = /^[a-zA-Z0-9._-]+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

// What the JSON text of a schema with local definitions always holds: a `$defs`/`definitions`
// key or a local reference. A property with such a name only costs a needless, harmless rewrite.
const localDefinitionMarks = ['"$defs"', '"definitions"', '"#/$defs/', '"#/definitions/'];

interface Component {
  readonly source: unknown;
  schema: JsonSchema | undefined; // undefined while its build is running (recursive models)
  /** Who first used it (`Class.method (@Returns 200)`), for the collision error. */
  readonly usedBy: string | undefined;
}

/**
 * The named models of one app. Adapters declare models through it (it is their
 * `JsonSchemaContext`); the router resolves references through it for coercion and the OpenAPI
 * generator emits the components that operations actually reference. References always have the
 * form `#/components/schemas/Name`, valid in OpenAPI 3.0 and 3.1 alike. Adapter JSON Schema enters
 * core here, so the rules every adapter shares are applied here once: a named model's reference to
 * itself is unwrapped, and integers get safe bounds for an adapter that validates them so.
 */
export class SchemaRegistry implements JsonSchemaContext {
  private readonly components = new Map<string, Component>();
  // The JSON Schema of each adapter schema, by identity: one schema bound by several routes
  // (a model returned by every route of a controller) is converted once per app.
  private readonly adapted = new Map<unknown, JsonSchema>();
  // The adapter whose `toJsonSchema` is running: what it defines is its JSON Schema too.
  private current: SchemaAdapter | undefined;
  // Who the running conversion is for, named in a collision error.
  private usedBy: string | undefined;

  /**
   * `dialect` is the document's (OpenAPI 3.0's, or 2020-12 for 3.1 and later), told to adapters;
   * what they emit is kept as 2020-12 whichever they wrote.
   */
  constructor(readonly dialect: JsonSchemaDialect = "draft-2020-12") {}

  /** A reference to the named component. */
  static ref(name: string): JsonSchema {
    return { $ref: componentPrefix + name };
  }

  /** The component name a `$ref` points to, or undefined for any other reference. */
  static refName(ref: string): string | undefined {
    return ref.startsWith(componentPrefix) ? ref.slice(componentPrefix.length) : undefined;
  }

  define(name: string, source: unknown, build: () => JsonSchema): JsonSchema {
    if (!componentName.test(name)) {
      throw configError("INVALID_SCHEMA_NAME", [name]);
    }
    const existing = this.components.get(name);
    if (existing?.source === source) return SchemaRegistry.ref(name);
    // Stored schemas have their `$defs` hoisted: a rebuild is compared in the same form.
    const built = () => this.hoistDefinitions(this.received(unwrapSelfReference(build(), name)));
    if (existing) {
      // Another source with the same name is fine only when it describes the very same schema.
      if (existing.schema && stableJson(existing.schema) === stableJson(built())) {
        return SchemaRegistry.ref(name);
      }
      const first = existing.usedBy === undefined ? "" : `, one used by ${existing.usedBy}`;
      const second = this.usedBy === undefined ? "" : `, the other by ${this.usedBy}`;
      throw configError("SCHEMA_NAME_COLLISION", [
        name,
        `is given to two different schemas${first}${second}`,
        "one of them",
      ]);
    }
    const component: Component = { source, schema: undefined, usedBy: this.usedBy };
    this.components.set(name, component);
    try {
      component.schema = built();
    } catch (error) {
      this.components.delete(name);
      throw error;
    }
    return SchemaRegistry.ref(name);
  }

  /**
   * The JSON Schema of an adapter's schema, with its local `$defs` moved into components. The same
   * schema value gives the same object every time: callers treat it as read-only.
   */
  fromAdapter(adapter: SchemaAdapter, schema: unknown, usedBy?: string): JsonSchema {
    const cacheable =
      (typeof schema === "object" && schema !== null) || typeof schema === "function";
    const known = cacheable ? this.adapted.get(schema) : undefined;
    if (known) return known;
    const outer = this.current;
    const outerUse = this.usedBy;
    this.current = adapter;
    this.usedBy = usedBy ?? outerUse;
    let result: JsonSchema;
    try {
      result = this.hoistDefinitions(this.received(adapter.toJsonSchema(schema, this)));
    } finally {
      this.current = outer;
      this.usedBy = outerUse;
    }
    if (cacheable) this.adapted.set(schema, result);
    return result;
  }

  /**
   * What the running adapter emitted, in 2020-12 (an adapter told the 3.0 dialect may have written
   * it), with the safe-integer bounds its validation applies.
   */
  private received(emitted: JsonSchema): JsonSchema {
    const schema = this.dialect === "openapi-3.0" ? fromOpenApi30(emitted) : emitted;
    return this.current?.safeIntegers === true ? withSafeIntegerBounds(schema) : schema;
  }

  /** The schema a component reference points to (following chains); other schemas as they are. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; typeof current.$ref === "string" && depth < 32; depth++) {
      const name = SchemaRegistry.refName(current.$ref);
      const target = name === undefined ? undefined : this.components.get(name)?.schema;
      if (!target) return current;
      current = target;
    }
    return current;
  }

  /** One component's schema, if it exists and is finished. */
  get(name: string): JsonSchema | undefined {
    return this.components.get(name)?.schema;
  }

  /** Every finished component, by name, in the order they were declared. */
  entries(): [string, JsonSchema][] {
    const result: [string, JsonSchema][] = [];
    for (const [name, component] of this.components) {
      if (component.schema) result.push([name, component.schema]);
    }
    return result;
  }

  /**
   * Moves `$defs` (at any depth) into components and rewrites `#/$defs/Name` references to
   * component references. A definition's identity is its content: equal content under one
   * name is the same model, different content is a collision.
   */
  private hoistDefinitions(schema: JsonSchema): JsonSchema {
    if (!isObject(schema) || !jsonTextMayInclude(schema, localDefinitionMarks)) return schema; // nothing to move: no copy
    // A copy of one schema without its definitions, each of which becomes a component first.
    const rewrite = (input: Record<string, unknown>): Record<string, unknown> => {
      const output: Record<string, unknown> = {};
      for (const key of Object.keys(input)) {
        const inner = input[key];
        if (key === "$defs" || key === "definitions") {
          if (isObject(inner) && !Array.isArray(inner)) this.defineAll(inner, value);
        } else if (key === "$ref" && typeof inner === "string") {
          const local = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(inner);
          output.$ref = local ? componentPrefix + decodeURIComponent(local[1] ?? "") : inner;
        } else if (isDataKey(key)) {
          setOwn(output, key, inner);
        } else if (schemaMapKeywords.has(key) && isObject(inner) && !Array.isArray(inner)) {
          // Names here are property names (or patterns), never keywords.
          const map: Record<string, unknown> = {};
          for (const name of Object.keys(inner)) setOwn(map, name, value(inner[name]));
          setOwn(output, key, map);
        } else {
          setOwn(output, key, value(inner));
        }
      }
      return output;
    };
    // Any value in schema position: arrays stay arrays, objects are schemas, scalars stay.
    const value = (inner: unknown): unknown =>
      Array.isArray(inner) ? inner.map(value) : isObject(inner) ? rewrite(inner) : inner;
    return value(schema) as JsonSchema;
  }

  /** Each definition of a `$defs` map as a component, its content being its identity. */
  private defineAll(
    definitions: Record<string, unknown>,
    rewrite: (value: unknown) => unknown,
  ): void {
    for (const name of Object.keys(definitions)) {
      const content = rewrite(definitions[name]) as JsonSchema;
      this.define(name, stableJson(content), () => content);
    }
  }
}
