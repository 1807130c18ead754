// S5's body and work: a ~16 KB nested order (100 items) whose unknown properties are stripped.

/** One order line as validated: unknown properties are removed by every target. */
export interface OrderItem {
  sku: string;
  name: string;
  /** Integer, 1 to 1000. */
  quantity: number;
  /** Number, >= 0. */
  price: number;
  /** Strings, at most 10. */
  tags: string[];
}

/** The validated body of `POST /orders`. */
export interface CreateOrderInput {
  customer: { id: string; name: string; email: string };
  /** 1 to 1000 items. */
  items: OrderItem[];
  note?: string;
}

/** The 201 answer of S5. */
export interface OrderReceipt {
  id: string;
  itemCount: number;
  total: number;
  /** The first line as the handler received it: shows that unknown properties were stripped. */
  firstItem: OrderItem;
}

/**
 * The S5 request body: 100 items, each with an unknown `internalCode` property, and an unknown
 * top-level `tracking` object, about 16 KB of JSON.
 */
export function orderBody(): Record<string, unknown> {
  const items = [];
  for (let n = 1; n <= 100; n++) {
    items.push({
      sku: `SKU-${String(n).padStart(6, "0")}`,
      name: `Product number ${n} in the benchmark catalogue, colour blue`,
      quantity: (n % 5) + 1,
      price: Math.round(n * 137) / 100,
      tags: ["bench", n % 2 === 0 ? "even" : "odd"],
      internalCode: `internal-${n}`,
    });
  }
  return {
    customer: { id: "cust-42", name: "Ada Lovelace", email: "ada@example.com" },
    items,
    note: "Leave at the door",
    tracking: { source: "bench", campaign: "wave-2" },
  };
}

let nextOrder = 0;

/** S5: the receipt for a validated (stripped) order. */
export function createOrder(input: CreateOrderInput): OrderReceipt {
  nextOrder += 1;
  let total = 0;
  for (const item of input.items) total += item.quantity * item.price;
  return {
    id: String(nextOrder),
    itemCount: input.items.length,
    total: Math.round(total * 100) / 100,
    firstItem: input.items[0] as OrderItem,
  };
}
