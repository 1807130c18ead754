// A browser entry that imports a controller as a value: the bundle check must catch it.
import { createClient } from "../index.js";
import { OrderController } from "./orders-app.js";

declare const location: { readonly origin: string };

export const api = createClient<{ orders: OrderController }>({ baseUrl: location.origin });
export const leaked = OrderController.name;
