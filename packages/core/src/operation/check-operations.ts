import { configError } from "../errors/core-config-error.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import type { Operation, ParameterBinding } from "./operation.js";
import { routeKey } from "./versioning-options.js";

type Checked = Pick<
  Operation,
  "controller" | "handlerName" | "method" | "path" | "shape" | "pathParams" | "bindings" | "version"
>;

const where = (operation: Checked) =>
  `${operation.controller.name}.${operation.handlerName} (${operation.method} ${operation.path})`;

/** The names one parameter binding reads: its own, or every property of its object schema. */
const boundNames = (binding: ParameterBinding, registry: SchemaRegistry): readonly string[] =>
  binding.name !== undefined
    ? [binding.name]
    : [...objectProperties(binding.jsonSchema, registry).keys()];

/**
 * Each input is bound once: two bindings of one name (two `@Query("page")`, or `@Param("id")`
 * beside a `@Param(Schema)` whose schema has `id`) would be documented with one schema and
 * validated against both. Header names are compared case-insensitively, as HTTP does.
 */
function checkBoundOnce(operation: Checked, registry: SchemaRegistry): void {
  const seen = new Map<string, number>();
  for (const binding of operation.bindings) {
    if (binding.kind !== "parameter") continue;
    for (const name of boundNames(binding, registry)) {
      const key = `${binding.in} ${binding.in === "header" ? name.toLowerCase() : name}`;
      const first = seen.get(key);
      if (first !== undefined) {
        throw configError("PARAMETER_BOUND_TWICE", [
          where(operation),
          binding.in,
          name,
          first,
          binding.index,
        ]);
      }
      seen.set(key, binding.index);
    }
  }
}

/**
 * Path parameters each operation's bindings cover, both ways; each input bound once; then
 * duplicate method + path.
 */
export function checkOperations(operations: readonly Checked[], registry: SchemaRegistry): void {
  const routes = new Map<string, Checked>();
  for (const operation of operations) {
    const covered = new Set<string>();
    for (const binding of operation.bindings) {
      if (binding.kind !== "parameter" || binding.in !== "path") continue;
      for (const name of boundNames(binding, registry)) {
        if (!operation.pathParams.includes(name)) {
          throw configError("UNKNOWN_PATH_PARAM", [where(operation), name]);
        }
        covered.add(name);
      }
    }
    for (const name of operation.pathParams) {
      if (!covered.has(name)) {
        throw configError("UNDECLARED_PATH_PARAM", [where(operation), name]);
      }
    }

    checkBoundOnce(operation, registry);

    // Parameter names do not matter to a router: /users/:id and /users/:userId are one route.
    // With the header strategy, one path serves each version: the version is part of the key.
    const key = routeKey(operation);
    const existing = routes.get(key);
    if (existing) {
      throw configError("DUPLICATE_ROUTE", [where(operation), where(existing)]);
    }
    routes.set(key, operation);
  }
}
