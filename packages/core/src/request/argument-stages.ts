import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import type { RequestInputs } from "./request-inputs.js";

/** How one handler argument is produced, decided at startup. */
export interface ArgumentPlan {
  /** Stage "read inputs": the value taken from the request and coerced, or `unreadable`. */
  read(inputs: RequestInputs): unknown;
  /**
   * Stage "validate": the validated (possibly transformed) value; issues go to `inputs`. A
   * validator that answers later gives a `PendingArgument`, which the route awaits.
   */
  readonly validate: ((value: unknown, inputs: RequestInputs) => unknown) | undefined;
}

/** An argument whose validation answered with a promise (an asynchronous Standard Schema check). */
export class PendingArgument {
  constructor(readonly settled: Promise<unknown>) {}
}

/** What planning the arguments of one operation needs. */
export interface PlanContext {
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}
