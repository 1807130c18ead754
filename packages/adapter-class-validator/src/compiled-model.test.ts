import "reflect-metadata";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { compileThroughCore } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { createArrayBounds } from "./array-bounds.js";
import { createPlanReader } from "./class-plan.js";
import {
  Everything,
  everythingInputs,
  Node,
  nodeInputs,
  Priced,
  Tag,
} from "./compiled-model.fixtures.js";
import { createCompiledModels } from "./compiled-model.js";
import { described, outcome } from "./described.fixtures.js";
import { classValidator } from "./index.js";
import { createInstantiators } from "./instantiate.js";
import { createQuickChecks } from "./quick-check.js";

// `transformer: {}` turns every fast path off: plainToInstance + validateSync on every input.
const fast = (unknownProperties: UnknownPropertyPolicy) => classValidator({ unknownProperties });
const full = (unknownProperties: UnknownPropertyPolicy) =>
  classValidator({ unknownProperties, transformer: {} });

/** A copy with the same own keys (`__proto__` too), in the same order, and the same numbers. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value !== "object" || value === null) return value;
  const result = {};
  for (const key of Object.keys(value)) {
    const inner = copy((value as Record<string, unknown>)[key]);
    Object.defineProperty(result, key, {
      value: inner,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function compiledModels() {
  const planOf = createPlanReader({});
  const boundsOf = createArrayBounds(planOf, {}, undefined);
  const instantiatorOf = createInstantiators(planOf, boundsOf);
  const quickCheckOf = createQuickChecks(planOf, {});
  return createCompiledModels(
    planOf,
    boundsOf,
    (model) => instantiatorOf(model) !== undefined && quickCheckOf(model) !== undefined,
  );
}

const cases = [
  { model: Everything, inputs: everythingInputs(1500, 47) },
  { model: Node, inputs: nodeInputs(600, 5) },
];

describe("compiled models (built-in constraints written inline)", () => {
  it("compiles the classes of built-in constraints, and no class with another", () => {
    const compiledOf = compiledModels();
    expect(compiledOf(Everything)).toBeTypeOf("function");
    expect(compiledOf(Tag)).toBeTypeOf("function");
    expect(compiledOf(Node)).toBeTypeOf("function");
    expect(compiledOf(Priced)).toBeUndefined();
  });

  it("answers, builds and reports as plainToInstance + validateSync, on generated inputs", () => {
    for (const { model, inputs } of cases) {
      for (const policy of ["strip", "reject", "keep"] as const) {
        const quick = compileThroughCore(fast(policy), model, { target: "body" });
        const slow = compileThroughCore(full(policy), model, { target: "body" });
        for (const [index, input] of inputs.entries()) {
          const expected = outcome(slow(copy(input)));
          expect(outcome(quick(copy(input))), `${model.name} ${policy} input ${index}`).toEqual(
            expected,
          );
        }
      }
    }
  });

  it("accepts only what the general path accepts, with the same instance, and most valid inputs", () => {
    const compiledOf = compiledModels();
    for (const { model, inputs } of cases) {
      const compiled = compiledOf(model) as NonNullable<ReturnType<typeof compiledOf>>;
      const slow = compileThroughCore(full("strip"), model, { target: "body" });
      let valid = 0;
      let accepted = 0;
      for (const [index, input] of inputs.entries()) {
        const expected = outcome(slow(copy(input)));
        const built = compiled(copy(input) as Record<string, unknown>);
        if (expected.ok) valid += 1;
        if (built === undefined) continue;
        accepted += 1;
        expect({ ok: true, value: described(built) }, `${model.name} input ${index}`).toEqual(
          expected,
        );
      }
      // Both answers occur: the generated inputs reach the compiled code's every branch.
      expect(accepted).toBeGreaterThan(valid / 2);
      expect(valid).toBeLessThan(inputs.length);
    }
  });
});
