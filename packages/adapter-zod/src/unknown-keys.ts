import { $ZodLazy, $ZodNever, type $ZodType, $ZodUnknown, util } from "zod/v4/core";

/** What to do with undeclared object keys, besides Zod's own default (strip). */
export type KeyPolicy = "reject" | "keep";

// Children of each container kind, by `def` field: one level of the schema tree.
const innerKinds = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
  "nonoptional",
  "success",
]);

/**
 * A copy of `schema` in which every plain `z.object` (Zod's stripping default) rejects or keeps
 * undeclared keys, at any depth. Objects the user made strict or loose keep their own choice.
 * Runs once per compile; the result validates with Zod's own parser, so per request nothing extra
 * happens. Recursive schemas stay recursive (cycles become lazy references to the copy).
 */
export function withUnknownKeys(schema: $ZodType, policy: KeyPolicy): $ZodType {
  const catchall =
    policy === "reject" ? new $ZodNever({ type: "never" }) : new $ZodUnknown({ type: "unknown" });
  const done = new Map<$ZodType, $ZodType>();
  const inProgress = new Set<$ZodType>();

  const visit = (node: $ZodType): $ZodType => {
    const finished = done.get(node);
    if (finished) return finished;
    if (inProgress.has(node)) {
      // A cycle without z.lazy (object getters): resolve it when parsing, once the copy exists.
      return new $ZodLazy({ type: "lazy", getter: () => done.get(node) as $ZodType });
    }
    inProgress.add(node);
    const copy = rebuild(node);
    inProgress.delete(node);
    done.set(node, copy);
    return copy;
  };

  const rebuild = (node: $ZodType): $ZodType => {
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    const child = (key: string) => def[key] as $ZodType;
    const copy = (changes: Record<string, unknown>) =>
      Object.entries(changes).some(([key, value]) => def[key] !== value)
        ? util.clone(node, { ...def, ...changes } as typeof node._zod.def)
        : node;
    switch (def.type) {
      case "object": {
        const shape: Record<string, $ZodType> = {};
        for (const [key, value] of Object.entries(def.shape as Record<string, $ZodType>)) {
          shape[key] = visit(value);
        }
        return util.clone(node, {
          ...def,
          shape,
          catchall: def.catchall ? visit(child("catchall")) : catchall,
        } as typeof node._zod.def);
      }
      case "array":
        return copy({ element: visit(child("element")) });
      case "union":
        return copy({ options: (def.options as $ZodType[]).map(visit) });
      case "intersection":
        return copy({ left: visit(child("left")), right: visit(child("right")) });
      case "tuple":
        return copy({
          items: (def.items as $ZodType[]).map(visit),
          rest: def.rest ? visit(child("rest")) : def.rest,
        });
      case "record":
        return copy({ valueType: visit(child("valueType")) });
      case "pipe":
        return copy({ in: visit(child("in")), out: visit(child("out")) });
      case "lazy": {
        const getter = def.getter as () => $ZodType;
        let target: $ZodType | undefined;
        return util.clone(node, {
          ...def,
          getter: () => (target ??= visit(getter())),
        } as typeof node._zod.def);
      }
      default:
        return innerKinds.has(def.type) ? copy({ innerType: visit(child("innerType")) }) : node;
    }
  };

  return visit(schema);
}
