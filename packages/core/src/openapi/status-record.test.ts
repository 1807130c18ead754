import { describe, expect, it } from "vitest";
import { statusRecord } from "./status-record.js";

describe("statusRecord", () => {
  it("is an ordinary empty object: same keys, order and JSON as a literal", () => {
    const record = statusRecord<string>();
    expect(Object.keys(record)).toEqual([]);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    record["500"] = "c";
    record["201"] = "a";
    record["404"] = "b";
    expect(Object.keys(record)).toEqual(["201", "404", "500"]);
    expect("1000000" in record).toBe(false);
    expect(JSON.stringify(record)).toBe(JSON.stringify({ 201: "a", 404: "b", 500: "c" }));
    expect(record).toEqual({ 201: "a", 404: "b", 500: "c" });
  });
});
