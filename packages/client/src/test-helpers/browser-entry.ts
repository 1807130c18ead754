// What a browser app writes: the client, and only the types of the server's controllers.
import { createClient, TrellisClientError } from "../index.js";
import type { OrderController } from "./orders-app.js";

declare const location: { readonly origin: string };

const api = createClient<{ orders: OrderController }>({ baseUrl: location.origin });

export async function firstOrder(): Promise<string> {
  try {
    const order = await api.orders.get("1");
    return `${order.sku} x${order.quantity}`;
  } catch (error) {
    if (error instanceof TrellisClientError) return `error ${error.status}`;
    throw error;
  }
}
