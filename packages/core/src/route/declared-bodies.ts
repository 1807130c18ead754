import type { Operation } from "../operation/operation.js";
import { declaredProjection, type Projection } from "../schema/declared-projection.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";

/** A route's 2xx bodies reduced to what their `@Returns` schema declares, by status. */
export interface DeclaredBodies {
  /** The 200's projection (the common answer, read without a lookup). */
  readonly ok: Projection | undefined;
  readonly byStatus: ReadonlyMap<number, Projection>;
}

interface Compiled {
  /** By body schema. */
  readonly one: Map<JsonSchema, Projection | undefined>;
  /** By item schema, for `[Model]` bodies (whose array wrapper is made per route). */
  readonly many: Map<JsonSchema, Projection | undefined>;
}

// One projection per schema and app: the model every route of a controller returns is compiled
// once, and its generated code warms up once.
const compiled = new WeakMap<SchemaRegistry, Compiled>();

function projectionOf(
  registry: SchemaRegistry,
  schema: JsonSchema,
  isArray: boolean,
  where: string,
): Projection | undefined {
  let cache = compiled.get(registry);
  if (cache === undefined) {
    cache = { one: new Map(), many: new Map() };
    compiled.set(registry, cache);
  }
  const map = isArray ? cache.many : cache.one;
  const key = isArray ? ((schema.items as JsonSchema | undefined) ?? schema) : schema;
  if (map.has(key)) return map.get(key);
  const projection = declaredProjection(schema, registry, where);
  map.set(key, projection);
  return projection;
}

/**
 * The projections of an operation's 2xx responses that declare a schema (and drop something), or
 * undefined when none does: such a route serializes exactly as before.
 */
export function declaredBodies(
  operation: Operation,
  registry: SchemaRegistry,
): DeclaredBodies | undefined {
  const byStatus = new Map<number, Projection>();
  const where = `${operation.controller.name}.${operation.handlerName}`;
  for (const { status, jsonSchema, isArray } of operation.responses) {
    if (status < 200 || status > 299 || jsonSchema === undefined) continue;
    const projection = projectionOf(registry, jsonSchema, isArray, `${where} (@Returns ${status})`);
    if (projection !== undefined) byStatus.set(status, projection);
  }
  return byStatus.size === 0 ? undefined : { ok: byStatus.get(200), byStatus };
}
