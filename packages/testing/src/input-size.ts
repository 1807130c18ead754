// Inputs of the adapters' input-size tests: objects of many undeclared keys, as a JSON body and as
// a form body. Their work is counted on them (operation-count.ts), never timed.
import type { Validator } from "@trellis/core/extend";
import { expectLinearWork } from "./operation-count.js";

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

const ada = { name: "Ada", email: "ada@example.com" };

/** A user (name, email) with `count` undeclared keys. */
export const userWithKeys = (count: number) => withKeys(count, ada);

/** A team ({ name, lead: user }) whose lead has `count` undeclared keys. */
export const teamWithKeys = (count: number) => ({ name: "a", lead: userWithKeys(count) });

/**
 * Fails unless a user validator and a team validator (of the shapes above) do work that grows
 * linearly with the undeclared keys of a JSON body, a nested object and a form body.
 */
export async function expectLinearUndeclaredKeys(user: Validator, team: Validator): Promise<void> {
  await expectLinearWork(user, userWithKeys);
  await expectLinearWork(team, teamWithKeys);
  await expectLinearWork(user, formRecord);
}
