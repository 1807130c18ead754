import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import {
  _addIssue,
  array,
  exactOptional,
  type GenericSchema,
  intersect,
  lazy,
  looseObject,
  looseTuple,
  nonNullable,
  nonNullish,
  nonOptional,
  nullable,
  nullish,
  object,
  objectWithRest,
  optional,
  pipe,
  record,
  strictObject,
  strictTuple,
  tuple,
  tupleWithRest,
  undefinedable,
  union,
  variant,
} from "valibot";
import { createIssueBudget, lengthFirst } from "./issue-budget.js";
import { safeIntegerAction } from "./safe-integers.js";

// Valibot schemas are plain objects; these fields hold their children.
interface Node {
  readonly type: string;
  readonly message?: unknown;
  readonly pipe?: readonly [GenericSchema, ...unknown[]];
  readonly entries?: Record<string, GenericSchema>;
  readonly rest?: GenericSchema;
  readonly item?: GenericSchema;
  readonly items?: GenericSchema[];
  readonly options?: GenericSchema[];
  readonly wrapped?: GenericSchema;
  readonly default?: unknown;
  readonly key?: GenericSchema | string;
  readonly value?: GenericSchema;
  readonly getter?: (input: unknown) => GenericSchema;
}

type Any = any;

/**
 * Valibot's object schemas accept arrays whenever every entry is optional (an array is an object
 * to them). This wraps one so an array is a type issue, as JSON Schema's `type: "object"` says.
 */
function rejectArrays(schema: GenericSchema): GenericSchema {
  const run = schema["~run"];
  return {
    ...schema,
    "~run"(dataset, config) {
      if (Array.isArray(dataset.value)) {
        _addIssue(this as Any, "type", dataset as Any, config);
        return dataset as Any;
      }
      return run.call(schema, dataset, config);
    },
  };
}

/**
 * A copy of `schema`, made once per compile, in which every `v.object` strips, rejects or keeps
 * undeclared keys as `policy` says (`v.looseObject`/`v.strictObject` keep the user's explicit
 * choice), no object schema accepts an array, and `v.integer()` accepts safe integers only (see
 * `safeIntegerAction`). Arrays, records and rest entries stop parsing items once they have
 * `maxIssues` issues, and a piped array longer than its `v.maxLength` reports just that (see
 * `createIssueBudget`, `lengthFirst`). The copy validates with Valibot's own parser.
 * Schemas wrapped in `v.fallback` are left as they are (their inner schema cannot be rebuilt).
 */
export function withUnknownKeys(
  schema: GenericSchema,
  policy: UnknownPropertyPolicy,
  maxIssues: number,
): GenericSchema {
  const done = new Map<GenericSchema, GenericSchema>();
  const { container, item: counted } = createIssueBudget(maxIssues);
  const objectOf = (
    policy === "reject" ? strictObject : policy === "keep" ? looseObject : object
  ) as typeof object;

  const visit = (schema: GenericSchema): GenericSchema => {
    let copy = done.get(schema);
    if (!copy) {
      copy = rebuild(schema);
      done.set(schema, copy);
    }
    return copy;
  };

  const entriesOf = (node: Node) =>
    Object.fromEntries(
      Object.entries(node.entries ?? {}).map(([key, value]) => [key, visit(value)]),
    );

  const rebuild = (schema: GenericSchema): GenericSchema => {
    const node = schema as unknown as Node;
    if ("fallback" in node) return schema;
    if (node.pipe) {
      const [first, ...actions] = node.pipe;
      // A schema later in the pipe (after a transform) is rebuilt too; of the actions, only
      // `v.integer()` changes.
      const items = actions.map((item) =>
        (item as { kind?: unknown }).kind === "schema"
          ? visit(item as GenericSchema)
          : safeIntegerAction(item),
      );
      const piped = (pipe as Any)(visit(first), ...items) as GenericSchema;
      return (first as unknown as Node).type === "array" ? lengthFirst(piped, items) : piped;
    }
    const message = node.message as Any;
    const inner = () => visit(node.wrapped as GenericSchema);
    switch (node.type) {
      case "object":
        return rejectArrays(objectOf(entriesOf(node), message));
      case "loose_object":
        return rejectArrays(looseObject(entriesOf(node), message));
      case "strict_object":
        return rejectArrays(strictObject(entriesOf(node), message));
      case "object_with_rest":
        return container(
          rejectArrays(
            objectWithRest(entriesOf(node), counted(visit(node.rest as GenericSchema)), message),
          ),
        );
      case "array":
        return container(array(counted(visit(node.item as GenericSchema)), message));
      case "tuple":
        return tuple((node.items ?? []).map(visit), message);
      case "loose_tuple":
        return looseTuple((node.items ?? []).map(visit), message);
      case "strict_tuple":
        return strictTuple((node.items ?? []).map(visit), message);
      case "tuple_with_rest":
        return container(
          tupleWithRest(
            (node.items ?? []).map(visit),
            counted(visit(node.rest as GenericSchema)),
            message,
          ),
        );
      case "union":
        return union((node.options ?? []).map(visit), message);
      case "variant":
        return (variant as Any)(node.key, (node.options ?? []).map(visit), message);
      case "intersect":
        return intersect((node.options ?? []).map(visit), message);
      case "record":
        return container(
          record(
            counted(node.key as GenericSchema) as Any,
            counted(visit(node.value as GenericSchema)),
            message,
          ),
        );
      case "optional":
        return optional(inner(), node.default as Any);
      case "exact_optional":
        return exactOptional(inner(), node.default as Any);
      case "nullable":
        return nullable(inner(), node.default as Any);
      case "nullish":
        return nullish(inner(), node.default as Any);
      case "undefinedable":
        return undefinedable(inner(), node.default as Any);
      case "non_nullable":
        return nonNullable(inner(), message);
      case "non_nullish":
        return nonNullish(inner(), message);
      case "non_optional":
        return nonOptional(inner(), message);
      case "lazy": {
        const getter = node.getter as (input: unknown) => GenericSchema;
        return lazy((input) => visit(getter(input)));
      }
      default:
        return schema;
    }
  };

  return visit(schema);
}
