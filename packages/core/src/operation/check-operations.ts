import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import type { Operation } from "./operation.js";

type Checked = Pick<
  Operation,
  "controller" | "handlerName" | "method" | "path" | "shape" | "pathParams" | "bindings"
>;

const where = (operation: Checked) =>
  `${operation.controller.name}.${operation.handlerName} (${operation.method} ${operation.path})`;

/**
 * Path parameters each operation's bindings cover, both ways; then duplicate method + path.
 */
export function checkOperations(operations: readonly Checked[], registry: SchemaRegistry): void {
  const routes = new Map<string, Checked>();
  for (const operation of operations) {
    const covered = new Set<string>();
    for (const binding of operation.bindings) {
      if (binding.kind !== "parameter" || binding.in !== "path") continue;
      const names =
        binding.name !== undefined
          ? [binding.name]
          : [...objectProperties(binding.jsonSchema, registry).keys()];
      for (const name of names) {
        if (!operation.pathParams.includes(name)) {
          throw new TrellisConfigError(
            "UNKNOWN_PATH_PARAM",
            `${where(operation)}: binds path parameter "${name}", which the path does not have.`,
          );
        }
        covered.add(name);
      }
    }
    for (const name of operation.pathParams) {
      if (!covered.has(name)) {
        throw new TrellisConfigError(
          "UNDECLARED_PATH_PARAM",
          `${where(operation)}: path parameter ":${name}" has no @Param binding or schema property.`,
        );
      }
    }

    // Parameter names do not matter to a router: /users/:id and /users/:userId are one route.
    const key = `${operation.method} ${operation.shape}`;
    const existing = routes.get(key);
    if (existing) {
      throw new TrellisConfigError(
        "DUPLICATE_ROUTE",
        `${where(operation)}: the same method and path are already served by ${where(existing)}.`,
      );
    }
    routes.set(key, operation);
  }
}
