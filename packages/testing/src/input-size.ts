// Inputs of the adapters' input-size tests: objects of many undeclared keys, as a JSON body and as
// a form body. Their work is counted on them (operation-count.ts), never timed.

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
