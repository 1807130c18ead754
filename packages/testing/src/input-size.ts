// Timing helpers of the adapters' input-size tests: work must grow linearly with the size of the
// input. Times are compared between sizes N and 10N on the same machine (linear: ~10, quadratic:
// ~100), never against a fixed number of milliseconds.
import type { Validator } from "@trellis/core";

/** The mean time of one call, over as many calls as fit in 20 ms (at least 2). */
function perCall(validate: Validator, input: unknown): number {
  validate(input);
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (calls < 2 || elapsed < 20) {
    validate(input);
    calls++;
    elapsed = performance.now() - start;
  }
  return elapsed / calls;
}

/** How much longer a 10x bigger input takes: the median of five measurements. */
export function growth(validate: Validator, make: (size: number) => unknown, size: number): number {
  const small = make(size);
  const large = make(size * 10);
  const ratios: number[] = [];
  for (let run = 0; run < 5; run++)
    ratios.push(perCall(validate, large) / perCall(validate, small));
  ratios.sort((a, b) => a - b);
  return ratios[2] as number;
}

/** An object holding `base` and `count` more keys `k0`, `k1`, ... */
export const withKeys = (count: number, base: Record<string, unknown>) => {
  const input: Record<string, unknown> = { ...base };
  for (let index = 0; index < count; index++) input[`k${index}`] = index;
  return input;
};

/** A form body as core reads it: string fields in a record without a prototype. */
export const formRecord = (count: number) => {
  const input: Record<string, unknown> = Object.create(null);
  input.name = "Ada";
  input.email = "ada@example.com";
  for (let index = 0; index < count; index++) input[`field${index}`] = `value ${index}`;
  return input;
};
