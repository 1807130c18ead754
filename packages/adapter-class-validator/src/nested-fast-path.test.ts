import "reflect-metadata";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { compileThroughCore } from "@trellis/testing";
import { Transform, Type } from "class-transformer";
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from "class-validator";
import { describe, expect, it, vi } from "vitest";
import { createArrayBounds } from "./array-bounds.js";
import { createPlanReader } from "./class-plan.js";
import { described, outcome } from "./described.fixtures.js";
import { classValidator } from "./index.js";
import { createInstantiators } from "./instantiate.js";

// `transformer: {}` turns the fast path off: plainToInstance + validateSync on every input.
const fast = (unknownProperties?: UnknownPropertyPolicy) => classValidator({ unknownProperties });
const full = (unknownProperties?: UnknownPropertyPolicy) =>
  classValidator({ unknownProperties, transformer: {} });

class Customer {
  @IsString() @MinLength(1) id!: string;
  @IsEmail() email!: string;
}

class Item {
  @IsString() @MinLength(1) sku!: string;
  @IsInt() @Min(1) @Max(1000) quantity!: number;
  @IsArray() @ArrayMaxSize(3) @IsString({ each: true }) tags!: string[];
}

class Order {
  @IsObject() @ValidateNested() @Type(() => Customer) customer!: Customer;
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => Item)
  items!: Item[];
  @IsOptional() @IsString() note?: string;
}

class Category {
  @IsString() name!: string;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Category) children?: Category[];
}

class Shipment {
  @ValidateNested() @Type(() => Order) order!: Order;
  @IsOptional() @ValidateNested() @Type(() => Customer) recipient?: Customer | null;
}

class Trimmed {
  @Transform(({ value }) => (typeof value === "string" ? value.trim() : value))
  @IsString()
  @MinLength(1)
  name!: string;
}

class WithTrimmed {
  @ValidateNested() @Type(() => Trimmed) inner!: Trimmed;
}

class Defaults {
  @IsString() label = "default";
  @IsInt() count = 0;
}

class WithDefaults {
  @ValidateNested({ each: true }) @Type(() => Defaults) parts!: Defaults[];
}

const item = { sku: "A-1", quantity: 2, tags: ["x"] };
const order = { customer: { id: "c1", email: "ada@example.com" }, items: [item, item] };
const probes: Record<string, unknown[]> = {
  Order: [
    order,
    { ...order, note: "leave at the door" },
    { ...order, items: [{ ...item, quantity: 0 }] },
    { ...order, items: [{ ...item, internalCode: "x" }] },
    { ...order, customer: { id: "c1", email: "not-an-email" } },
    { ...order, customer: { id: "c1", email: "ada@example.com", vip: true } },
    { ...order, customer: null },
    { ...order, customer: [order.customer] },
    { ...order, customer: "c1" },
    { ...order, items: [] },
    { ...order, items: [item, "A-2"] },
    { ...order, items: [item, null] },
    { ...order, items: item },
    { ...order, items: [{ ...item, tags: ["a", "b", "c", "d"] }] },
    { ...order, items: [{ ...item, quantity: 2 ** 60 }] },
    { customer: order.customer },
    {},
  ],
  Category: [
    { name: "root" },
    { name: "root", children: [{ name: "a" }, { name: "b", children: [{ name: "c" }] }] },
    { name: "root", children: [{ name: "a", children: [{ name: 5 }] }] },
    { name: "root", children: [{ name: "a", extra: 1 }] },
    {
      name: "root",
      extra: 1,
      children: [{ name: "a", extra: 1, children: [{ name: "b", x: 2 }] }],
    },
    { name: "root", children: null },
  ],
  Shipment: [
    { order },
    { order, recipient: order.customer },
    { order, recipient: null },
    { order: { ...order, items: [{ ...item, sku: "" }] } },
  ],
  WithTrimmed: [{ inner: { name: "  Ada " } }, { inner: { name: "   " } }],
  WithDefaults: [{ parts: [{}, { label: "x" }, { count: 2 }] }, { parts: [{ count: "2" }] }],
};
const models = { Order, Category, Shipment, WithTrimmed, WithDefaults };

describe("the class-validator fast path with nested models", () => {
  it("decides, builds and reports exactly as plainToInstance + validateSync", () => {
    for (const [name, inputs] of Object.entries(probes)) {
      const model = models[name as keyof typeof models];
      for (const policy of ["strip", "reject", "keep"] as const) {
        const quick = compileThroughCore(fast(policy), model, { target: "body" });
        const slow = compileThroughCore(full(policy), model, { target: "body" });
        for (const [index, input] of inputs.entries()) {
          expect(
            outcome(quick(structuredClone(input))),
            `${name} ${policy} input ${index}`,
          ).toEqual(outcome(slow(structuredClone(input))));
        }
      }
    }
  });

  it("builds nested instances itself, without class-transformer or validateSync", async () => {
    const transformer = await import("class-transformer");
    const validator = await import("class-validator");
    const transform = vi.spyOn(transformer, "plainToInstance");
    const validate = vi.spyOn(validator, "validateSync");
    const result = compileThroughCore(fast(), Order, { target: "body" })(structuredClone(order));
    expect(result.ok).toBe(true);
    const value = (result as { value: Order }).value;
    expect(value).toBeInstanceOf(Order);
    expect(value.customer).toBeInstanceOf(Customer);
    expect(value.items.map((each) => each instanceof Item)).toEqual([true, true]);
    expect(transform).not.toHaveBeenCalled();
    expect(validate).not.toHaveBeenCalled();
    // A tree: undeclared keys at every depth are left out without class-transformer too.
    const tree = compileThroughCore(fast(), Category, { target: "body" })({
      name: "root",
      extra: 1,
      children: [{ name: "a", extra: 2, children: [{ name: "b", extra: 3 }] }],
    });
    expect(tree.ok && JSON.parse(JSON.stringify(tree.value))).toEqual({
      name: "root",
      children: [{ name: "a", children: [{ name: "b" }] }],
    });
    expect(transform).not.toHaveBeenCalled();
    const planOf = createPlanReader({});
    const boundsOf = createArrayBounds(planOf, {}, undefined);
    const instantiate = createInstantiators(planOf, boundsOf)(Category);
    const built = instantiate?.({ name: "r", children: [{ name: "a", x: 1, children: [] }] }, true);
    expect(built).toBeInstanceOf(Category); // built at every depth, not handed back to the guard
    // A failing item still goes through class-validator, for its own messages.
    const refused = compileThroughCore(fast(), Order, { target: "body" })({
      ...order,
      items: [{ ...item, quantity: 0 }],
    });
    expect(refused.ok).toBe(false);
    expect(validate).toHaveBeenCalled();
    transform.mockRestore();
    validate.mockRestore();
  });
});
