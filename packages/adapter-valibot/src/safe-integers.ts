interface IntegerAction {
  readonly kind: string;
  readonly type: string;
  readonly requirement: unknown;
}

const isIntegerAction = (item: unknown): item is IntegerAction =>
  typeof item === "object" &&
  item !== null &&
  (item as IntegerAction).kind === "validation" &&
  (item as IntegerAction).type === "integer" &&
  (item as IntegerAction).requirement === Number.isInteger;

/**
 * A pipe item for the compiled copy: `v.integer()` decides as `v.safeInteger()` does (JSON parsing
 * rounds 9007199254740993 to ...992, a different number than the client sent, which
 * `Number.isInteger` accepts). Valibot's action checks with its `requirement`, so the copy only
 * swaps that: the issue keeps the action's type, message and reference (custom messages stay).
 * Any other item is returned as it is.
 */
export function safeIntegerAction<T>(item: T): T {
  return isIntegerAction(item) ? ({ ...item, requirement: Number.isSafeInteger } as T) : item;
}
