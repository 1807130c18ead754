import type { TSchema } from "typebox";

/** A JSON Schema object (any object but an array). */
export type Node = Record<string, unknown>;

export const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A TypeBox 1.x schema: plain JSON Schema with TypeBox's non-enumerable `~kind`. Told by its shape
 * alone, so telling one needs no TypeBox 1.x loaded.
 */
export const isTypeBox1Schema = (value: unknown): value is TSchema & Node =>
  isNode(value) && typeof value["~kind"] === "string";
