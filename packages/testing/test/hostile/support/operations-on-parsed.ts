import { expect } from "vitest";
import { type CountedInput, countOperations } from "../../../src/operation-count.js";

/**
 * Runs `send` with JSON.parse handing out `text`'s value seen through counting proxies (core parses
 * bodies with JSON.parse, and the servers run in this process), and answers the operations made on
 * it by the time `send` settled.
 */
export async function operationsOnParsed(
  text: string,
  send: () => Promise<unknown>,
): Promise<number> {
  const parse = JSON.parse;
  let counted: CountedInput<unknown> | undefined;
  JSON.parse = (source: string, reviver?: Parameters<typeof parse>[1]) => {
    const value = parse(source, reviver);
    if (source !== text) return value;
    counted = countOperations(value);
    return counted.view;
  };
  try {
    await send();
  } finally {
    JSON.parse = parse;
  }
  expect(counted, "the server parsed the body with JSON.parse").toBeDefined();
  return counted?.operations() ?? 0;
}
