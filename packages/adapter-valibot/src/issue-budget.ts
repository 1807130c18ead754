import type { GenericSchema } from "valibot";

type Any = any;

interface Counter {
  issues: number;
}

/**
 * Bounds the issues Valibot builds for one input by the number reported (core: 100). Valibot
 * parses every item of an array (every entry of a record, every rest value) and reports an issue
 * for each bad one: 150,000 bad items, 150,000 issues. Here each such container counts the issues
 * of its items while it runs, and once it has `limit` the remaining items are not parsed: they
 * come back untyped and without issues, so the container still fails, with its first `limit`
 * issues (the first ones of the whole input, since a container's issues are contiguous). Made once
 * per compile; validation is synchronous, so one "current container" at a time is enough.
 */
export function createIssueBudget(limit: number) {
  let current: Counter | undefined;

  /** A container: its items count into a counter of its own while it runs. */
  const container = (schema: GenericSchema): GenericSchema => {
    const run = schema["~run"];
    return {
      ...schema,
      "~run"(dataset, config) {
        const outer = current;
        current = { issues: 0 };
        try {
          return run.call(schema, dataset, config);
        } finally {
          current = outer;
        }
      },
    };
  };

  /** An item of a container: not parsed once the container has `limit` issues. */
  const item = (schema: GenericSchema): GenericSchema => {
    const run = schema["~run"];
    return {
      ...schema,
      "~run"(dataset, config) {
        const counter = current;
        if (counter !== undefined && counter.issues >= limit) {
          return { typed: false, value: dataset.value } as Any;
        }
        const result = run.call(schema, dataset, config);
        if (counter !== undefined && result.issues) counter.issues += result.issues.length;
        return result;
      },
    };
  };

  return { container, item };
}

interface LengthAction {
  readonly kind: "validation";
  readonly type: "max_length";
  readonly requirement: number;
  "~run"(dataset: unknown, config: unknown): unknown;
}

const isMaxLength = (item: unknown): item is LengthAction =>
  (item as { kind?: unknown }).kind === "validation" &&
  (item as { type?: unknown }).type === "max_length" &&
  typeof (item as { requirement?: unknown }).requirement === "number";

/**
 * A piped array schema (`v.pipe(v.array(...), ..., v.maxLength(n))`) that checks the length
 * first: an array longer than `n` gets the `maxLength` issue, from Valibot's own action, and its
 * items are not parsed (Valibot would parse all of them, and then skip `maxLength` when one is
 * bad). Only when no transformation or schema comes before `maxLength` in the pipe (the array's
 * output has the input's length); any other input is parsed as before.
 */
export function lengthFirst(piped: GenericSchema, actions: readonly unknown[]): GenericSchema {
  let limit: LengthAction | undefined;
  for (const action of actions) {
    const kind = (action as { kind?: unknown }).kind;
    if (kind === "schema" || kind === "transformation") break;
    if (isMaxLength(action)) {
      limit = action;
      break;
    }
  }
  if (limit === undefined) return piped;
  const action = limit;
  const run = piped["~run"];
  return {
    ...piped,
    "~run"(dataset, config) {
      const input = dataset.value;
      if (Array.isArray(input) && input.length > action.requirement) {
        return action["~run"]({ typed: true, value: input }, config) as Any;
      }
      return run.call(piped, dataset, config);
    },
  };
}
