import type { JsonSchema, ValidationResult } from "@trellis/core/extend";
import { expect } from "vitest";
import { SchemaRegistry } from "../core-internals.js";

/** A JSON round trip: compares values by what a client would receive (class instances included). */
export function toJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Internal detail a client must never see in an issue. */
const leaks = /node_modules|\/work\/|\.ts:\d|\n\s+at |Error:/;

/** Asserts the result is the contract's plain data: a value, or well-formed, safe issues. */
export function expectWellFormed(result: ValidationResult): void {
  expect(typeof result.ok).toBe("boolean");
  if (result.ok) {
    expect(result).toHaveProperty("value");
    return;
  }
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(Array.isArray(issue.path)).toBe(true);
    for (const key of issue.path) expect(["string", "number"]).toContain(typeof key);
    expect(typeof issue.message).toBe("string");
    expect(issue.message.length).toBeGreaterThan(0);
    expect(issue.message).not.toMatch(leaks);
    if (issue.code !== undefined) expect(typeof issue.code).toBe("string");
  }
}

/** True when any object in `value` has an own `__proto__` key or reaches a `polluted` property. */
export function pollutionReachable(value: unknown, seen = new Set<unknown>()): boolean {
  if (value === null || typeof value !== "object" || seen.has(value)) return false;
  seen.add(value);
  if (Object.hasOwn(value, "__proto__")) return true;
  if ((value as Record<string, unknown>).polluted !== undefined) return true;
  return Object.values(value).some((inner) => pollutionReachable(inner, seen));
}

/** The component names referenced anywhere in a schema. */
export function referencesIn(schema: JsonSchema | undefined): string[] {
  const names: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") {
        const name = SchemaRegistry.refName(inner);
        expect(name, `a component reference, not ${inner}`).toBeDefined();
        if (name !== undefined) names.push(name);
      } else {
        walk(inner);
      }
    }
  };
  walk(schema);
  return names;
}
