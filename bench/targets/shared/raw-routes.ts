// raw's routes and hand-written checks (targets/raw.ts), shared with targets/raw-body-checks.ts:
// the two differ only in how the JSON body is read, so S2's difference is the body reader's cost.
// Reviewed in README.md ("The raw baseline").
import { AccountService, CURRENCIES, type Currency, S4_TOKEN, TENANT_PATTERN } from "./accounts.js";
import { hostname, port, ready } from "./listen.js";
import { type CreateOrderInput, createOrder, type OrderItem } from "./orders.js";
import { createUser, findUser, listUsers } from "./users.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
const BEARER = `Bearer ${S4_TOKEN}`;
const PROBLEM = { "content-type": "application/problem+json" };

/** One problem with one input, as listed in a 400's `errors`. */
export interface Issue {
  in: "body" | "query" | "header";
  path: string;
  message: string;
}

export function problem(status: number, title: string, detail: string, errors?: Issue[]): Response {
  const body = { type: "about:blank", title, status, detail, ...(errors ? { errors } : {}) };
  return new Response(JSON.stringify(body), { status, headers: PROBLEM });
}

export const badRequest = (detail: string, errors?: Issue[]) =>
  problem(400, "Bad Request", detail, errors);

/** Decimal integer in [min, max], or undefined for anything else (missing, "", "1.5", "0x10"). */
function intInRange(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !DECIMAL.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

/**
 * The query of a request URL. Only the part after "?" is parsed: a full `new URL()` would also
 * parse scheme, host and path, which the routes already matched.
 */
function queryOf(req: Request): URLSearchParams {
  const url = req.url;
  const mark = url.indexOf("?");
  return new URLSearchParams(mark < 0 ? "" : url.slice(mark + 1));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;

// S1/S3: the same handlers serve the whole-object and the scalar paths (raw has no bindings).
const getUser = (req: Request & { params: { id: string } }) =>
  Response.json(findUser(req.params.id));

function listPage(req: Request): Response {
  const query = queryOf(req);
  const page = intInRange(query.get("page"), 1, Number.MAX_SAFE_INTEGER);
  const limit = intInRange(query.get("limit"), 1, 100);
  if (page === undefined || limit === undefined) return badRequest("Invalid query");
  return Response.json(listUsers(page, limit));
}

// S4: the guard first (401 before any input is looked at), then header and query, then the service.
const accounts = new AccountService();

function accountSummary(req: Request): Response {
  if (req.headers.get("authorization") !== BEARER) {
    return new Response(
      JSON.stringify({ type: "about:blank", title: "Unauthorized", status: 401 }),
      { status: 401, headers: { ...PROBLEM, "www-authenticate": "Bearer" } },
    );
  }
  const tenant = req.headers.get("x-tenant-id");
  const currency = queryOf(req).get("currency");
  const tenantOk = tenant !== null && TENANT_PATTERN.test(tenant);
  const currencyOk = currency !== null && (CURRENCIES as readonly string[]).includes(currency);
  if (!tenantOk || !currencyOk) {
    const errors: Issue[] = [];
    if (!tenantOk) errors.push({ in: "header", path: "", message: "Invalid x-tenant-id" });
    if (!currencyOk) errors.push({ in: "query", path: "/currency", message: "Invalid currency" });
    return badRequest("Request validation failed", errors);
  }
  return Response.json(accounts.summary(tenant as string, currency as Currency));
}

// S5: checks every field and builds the stripped copies (declared properties only) as it goes.
function readItem(value: unknown, index: number, errors: Issue[]): OrderItem | undefined {
  const at = (key: string, message: string) =>
    errors.push({ in: "body", path: `/items/${index}${key}`, message });
  if (!isObject(value)) return void at("", "Expected an object");
  const { sku, name, quantity, price, tags } = value;
  const before = errors.length;
  if (!isText(sku, 1, 32)) at("/sku", "Expected a string of 1 to 32 characters");
  if (!isText(name, 1, 200)) at("/name", "Expected a string of 1 to 200 characters");
  if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 1000) {
    at("/quantity", "Expected an integer from 1 to 1000");
  }
  if (typeof price !== "number" || price < 0) at("/price", "Expected a number >= 0");
  if (!Array.isArray(tags) || tags.length > 10 || !tags.every((tag) => typeof tag === "string")) {
    at("/tags", "Expected at most 10 strings");
  }
  if (errors.length > before) return undefined;
  return {
    sku: sku as string,
    name: name as string,
    quantity: quantity as number,
    price: price as number,
    tags: tags as string[],
  };
}

function readOrder(body: unknown, errors: Issue[]): CreateOrderInput | undefined {
  if (!isObject(body))
    return void errors.push({ in: "body", path: "", message: "Expected an object" });
  const { customer, items, note } = body;
  let copy: CreateOrderInput["customer"] | undefined;
  if (!isObject(customer)) {
    errors.push({ in: "body", path: "/customer", message: "Expected an object" });
  } else {
    const { id, name, email } = customer;
    if (!isText(id, 1, Number.POSITIVE_INFINITY))
      errors.push({ in: "body", path: "/customer/id", message: "Expected a non-empty string" });
    if (!isText(name, 1, Number.POSITIVE_INFINITY))
      errors.push({ in: "body", path: "/customer/name", message: "Expected a non-empty string" });
    if (typeof email !== "string" || !EMAIL.test(email))
      errors.push({ in: "body", path: "/customer/email", message: "Expected an e-mail address" });
    copy = { id: id as string, name: name as string, email: email as string };
  }
  const stripped: OrderItem[] = [];
  if (!Array.isArray(items) || items.length < 1 || items.length > 1000) {
    errors.push({ in: "body", path: "/items", message: "Expected 1 to 1000 items" });
  } else {
    for (let i = 0; i < items.length; i++) {
      const item = readItem(items[i], i, errors);
      if (item !== undefined) stripped.push(item);
    }
  }
  if (note !== undefined && !isText(note, 0, 500)) {
    errors.push({ in: "body", path: "/note", message: "Expected at most 500 characters" });
  }
  if (errors.length > 0) return undefined;
  const order: CreateOrderInput = { customer: copy!, items: stripped };
  if (note !== undefined) order.note = note as string;
  return order;
}

/** Reads a request's JSON body, or answers the 4xx to send instead. */
export type JsonReader = (req: Request) => Promise<{ body: unknown } | Response>;

/** Serves every scenario's route on $PORT, reading JSON bodies with `readJson`, and says ready. */
export function serveRaw(name: string, readJson: JsonReader): void {
  // S2 and S6: every invalid field is reported, as the frameworks do.
  async function postUser(req: Request): Promise<Response> {
    const read = await readJson(req);
    if (read instanceof Response) return read;
    const { body } = read;
    if (!isObject(body)) return badRequest("Body must be an object");
    const { name, email } = body;
    const nameOk = typeof name === "string" && name.length >= 1;
    const emailOk = typeof email === "string" && EMAIL.test(email);
    if (!nameOk || !emailOk) {
      const errors: Issue[] = [];
      if (!nameOk)
        errors.push({ in: "body", path: "/name", message: "Expected a non-empty string" });
      if (!emailOk)
        errors.push({ in: "body", path: "/email", message: "Expected an e-mail address" });
      return badRequest("Request validation failed", errors);
    }
    return Response.json(createUser({ name: name as string, email: email as string }), {
      status: 201,
    });
  }

  async function postOrder(req: Request): Promise<Response> {
    const read = await readJson(req);
    if (read instanceof Response) return read;
    const errors: Issue[] = [];
    const order = readOrder(read.body, errors);
    if (order === undefined) return badRequest("Request validation failed", errors);
    return Response.json(createOrder(order), { status: 201 });
  }

  Bun.serve({
    port,
    hostname,
    routes: {
      "/users/:id": { GET: getUser },
      "/scalar/users/:id": { GET: getUser },
      "/users": { GET: listPage, POST: postUser },
      "/scalar/users": { GET: listPage },
      "/accounts/summary": { GET: accountSummary },
      "/orders": { POST: postOrder },
    },
    fetch: () => new Response("Not Found", { status: 404 }),
  });
  ready(name);
}
