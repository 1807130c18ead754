import { describe, expect, it } from "vitest";
import type { JsonSchema } from "./json-schema.js";
import { unwrapSelfReference } from "./self-reference.js";

const user: JsonSchema = { type: "object", properties: { tag: { $ref: "#/$defs/Tag" } } };
const tag: JsonSchema = { type: "string" };

describe("unwrapSelfReference", () => {
  it("makes a root that points at its own definition the definition itself", () => {
    expect(unwrapSelfReference({ $ref: "#/$defs/User", $defs: { User: user } }, "User")).toBe(user);
  });

  it("keeps the other definitions beside it", () => {
    expect(
      unwrapSelfReference({ $ref: "#/$defs/User", $defs: { User: user, Tag: tag } }, "User"),
    ).toEqual({ ...user, $defs: { Tag: tag } });
  });

  it("leaves any other schema as it is", () => {
    const others: JsonSchema[] = [
      { $ref: "#/$defs/Tag", $defs: { Tag: tag } },
      { $ref: "#/$defs/User" },
      { ...user, $defs: { User: user } },
    ];
    for (const schema of others) expect(unwrapSelfReference(schema, "User")).toBe(schema);
  });
});
