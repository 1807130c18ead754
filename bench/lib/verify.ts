// Checks a target's answers, for each scenario it serves: the timed request answered exactly as
// the contract says, and invalid input refused, before and after timing.
import { AccountService } from "../targets/shared/accounts.js";
import { type OrderItem, orderBody } from "../targets/shared/orders.js";
import { findUser, listUsers } from "../targets/shared/users.js";
import { type Scenario, type ScenarioId, scenarioById } from "./scenarios.js";

/** One request and what it must produce. */
export interface Check {
  /** The scenario the check belongs to: it runs only when the target serves that scenario. */
  scenario: ScenarioId;
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  status: number;
  /** Exact JSON the body must equal (object key order aside). */
  json?: unknown;
  /** A check of the parsed JSON body: a reason when it is wrong. */
  expect?: (body: unknown) => string | undefined;
  /** The content type must contain this (default: application/json for 2xx, anything for errors). */
  contentType?: string;
  /** Number grammar beyond plain decimals: noted, not failed, unless --strict. */
  edge?: boolean;
}

/** The outcome of verifying one target. */
export interface Verification {
  ok: boolean;
  /** Gating checks that failed. */
  failures: string[];
  /** Edge-case checks the target answered leniently (not failures unless strict). */
  lenient: string[];
}

const json = (value: unknown) => JSON.stringify(value);

/** JSON with object keys sorted, so key order (which JSON does not define) never fails a check. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

const sortedKeys = (value: unknown) =>
  value && typeof value === "object" ? Object.keys(value).sort() : [];

/** The check of a scenario's own (timed) request: same method, path, headers and body. */
function timed(id: ScenarioId, expectation: Partial<Check>): Check {
  const scenario: Scenario = scenarioById(id);
  return {
    scenario: id,
    name: `${id} ok`,
    method: scenario.method,
    path: scenario.path,
    headers: scenario.headers,
    body: scenario.body,
    status: scenario.status,
    ...expectation,
  };
}

/** The same request as a scenario's, with changes, that must be refused with `status`. */
function refused(id: ScenarioId, name: string, status: number, change: Partial<Check>): Check {
  return { ...timed(id, {}), name: `${id} ${name}`, status, ...change };
}

// --- S2/S6: the created user, and the problem naming both invalid fields ---

function createdUser(body: unknown): string | undefined {
  const user = body as Record<string, unknown>;
  const ok =
    typeof user?.id === "string" &&
    user.name === "Ada Lovelace" &&
    user.email === "ada@example.com" &&
    json(sortedKeys(user)) === json(["email", "id", "name"]);
  return ok ? undefined : "not the created user";
}

/** Every string value and every object key in a JSON value. */
function words(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) words(item, into);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      words(inner, into);
    }
  }
  return into;
}

/**
 * Whether a problem body names a field as a path: "name", "/name", "#/name", "body.name",
 * "/body/name", "$.name" or a path array ["name"] (a mere mention in a message does not count).
 */
export function namesField(body: unknown, field: string): boolean {
  const path = new RegExp(`^(?:[#$]?[/.]?)?(?:body[/.])?${field}$`);
  return words(body).some((word) => path.test(word));
}

function problemNamingBoth(body: unknown): string | undefined {
  const missing = ["name", "email"].filter((field) => !namesField(body, field));
  return missing.length === 0 ? undefined : `problem does not name ${missing.join(" and ")}`;
}

// --- S4: the account summary ---

function accountSummary(body: unknown): string | undefined {
  // The service alternates lifetimeOrders between 42 and 43 (per call): either is right.
  const expected = new AccountService().summary("tenant-42", "EUR") as unknown as Record<
    string,
    unknown
  >;
  const actual = body as Record<string, unknown>;
  if (json(sortedKeys(actual)) !== json(sortedKeys(expected))) return "not the 20 summary fields";
  const { lifetimeOrders, ...rest } = actual;
  const { lifetimeOrders: _, ...expectedRest } = expected;
  if (lifetimeOrders !== 42 && lifetimeOrders !== 43) return "lifetimeOrders is not 42 or 43";
  return canonical(rest) === canonical(expectedRest) ? undefined : "summary fields differ";
}

// --- S5: the order receipt, which shows the handler got a stripped order ---

const ITEM_KEYS = ["name", "price", "quantity", "sku", "tags"];

function orderReceipt(body: unknown): string | undefined {
  const order = orderBody() as { items: (OrderItem & { internalCode?: string })[] };
  const { internalCode: _, ...first } = order.items[0]!;
  let total = 0;
  for (const item of order.items) total += item.quantity * item.price;
  const receipt = body as Record<string, unknown>;
  if (json(sortedKeys(receipt)) !== json(["firstItem", "id", "itemCount", "total"]))
    return "not a receipt";
  if (typeof receipt.id !== "string") return "receipt id is not a string";
  if (receipt.itemCount !== order.items.length) return "itemCount is not 100";
  if (receipt.total !== Math.round(total * 100) / 100) return "total differs";
  if (json(sortedKeys(receipt.firstItem)) !== json(ITEM_KEYS))
    return `firstItem has keys ${json(sortedKeys(receipt.firstItem))}: unknown properties were not stripped`;
  return canonical(receipt.firstItem) === canonical(first) ? undefined : "firstItem differs";
}

/** S5's body with one change made to a fresh copy. */
function order(change: (body: Record<string, unknown> & { items: OrderItem[] }) => void): string {
  const body = orderBody() as Record<string, unknown> & { items: OrderItem[] };
  change(body);
  return json(body);
}

// --- S3/S3s: the queries that must be refused; `edge` marks notations only strict parsers refuse ---

function badQueries(id: "S3" | "S3s", base: string): Check[] {
  const check =
    (edge: boolean) =>
    ([name, query]: string[]): Check =>
      refused(id, name!, 400, { path: `${base}?${query}`, ...(edge ? { edge } : {}) });
  return [
    ...[
      ["page=0", "page=0&limit=10"],
      ["limit=0", "page=1&limit=0"],
      ["limit=101", "page=1&limit=101"],
      ["page=abc", "page=abc&limit=10"],
      ["page missing", "limit=10"],
      ["page=1.5", "page=1.5&limit=10"],
    ].map(check(false)),
    // Numeric notations other than plain decimal: lenient parsers read them as valid integers.
    ...[
      ["limit=1e1", "page=1&limit=1e1"],
      ["page=0x10", "page=0x10&limit=10"],
    ].map(check(true)),
  ];
}

const bearer = (token: string) => ({
  authorization: `Bearer ${token}`,
  "x-tenant-id": "tenant-42",
});
const PROBLEM = "application/problem+json";

/** Every check, grouped by scenario through `scenario`. */
export const checks: readonly Check[] = [
  timed("S1", { json: findUser("42") }),
  timed("S1s", { json: findUser("42") }),
  timed("S2", { expect: createdUser }),
  ...[
    ["empty name", json({ name: "", email: "ada@example.com" })],
    ["missing name", json({ email: "ada@example.com" })],
    ["name not a string", json({ name: 42, email: "ada@example.com" })],
    ["bad email", json({ name: "Ada", email: "not-an-email" })],
    ["body is an array", "[]"],
    ["malformed JSON", '{"name":'],
  ].map(([name, body]) => refused("S2", name!, 400, { body })),
  timed("S3", { json: listUsers(2, 10) }),
  ...badQueries("S3", "/users"),
  timed("S3s", { json: listUsers(2, 10) }),
  ...badQueries("S3s", "/scalar/users"),
  timed("S4", { expect: accountSummary }),
  refused("S4", "no token", 401, { headers: { "x-tenant-id": "tenant-42" } }),
  refused("S4", "wrong token", 401, { headers: bearer("wrong-token") }),
  // The guard runs before input validation: a bad token with bad input is still 401.
  refused("S4", "wrong token and bad tenant", 401, {
    headers: { authorization: "Bearer wrong-token", "x-tenant-id": "Tenant 42!" },
  }),
  refused("S4", "bad tenant", 400, {
    headers: { ...bearer("bench-secret-token"), "x-tenant-id": "Tenant_42!" },
  }),
  refused("S4", "missing tenant", 400, { headers: { authorization: "Bearer bench-secret-token" } }),
  refused("S4", "bad currency", 400, { path: "/accounts/summary?currency=JPY" }),
  refused("S4", "missing currency", 400, { path: "/accounts/summary" }),
  timed("S5", { expect: orderReceipt }),
  ...(
    [
      ["quantity 0", (b) => Object.assign(b.items[0]!, { quantity: 0 })],
      ["quantity 1.5", (b) => Object.assign(b.items[3]!, { quantity: 1.5 })],
      ["price -1", (b) => Object.assign(b.items[50]!, { price: -1 })],
      ["empty items", (b) => Object.assign(b, { items: [] })],
      ["missing items", (b) => Object.assign(b, { items: undefined })],
      [
        "bad customer email",
        (b) => Object.assign(b, { customer: { id: "c", name: "A", email: "x" } }),
      ],
      ["empty sku", (b) => Object.assign(b.items[99]!, { sku: "" })],
      ["11 tags", (b) => Object.assign(b.items[1]!, { tags: new Array(11).fill("t") })],
      ["note too long", (b) => Object.assign(b, { note: "n".repeat(501) })],
    ] as [string, (body: Record<string, unknown> & { items: OrderItem[] }) => void][]
  ).map(([name, change]) => refused("S5", name, 400, { body: order(change) })),
  timed("S6", { contentType: PROBLEM, expect: problemNamingBoth }),
];

// Anything that looks like a stack frame or a file path must never reach a client.
const LEAK = /\n\s+at |node_modules|\/work\/|\.ts:\d|\.js:\d/;

async function runCheck(baseUrl: string, check: Check): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(baseUrl + check.path, {
      method: check.method,
      body: check.body,
      headers: {
        ...(check.body === undefined ? {} : { "content-type": "application/json" }),
        ...check.headers,
      },
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    return `${check.name}: request failed (${(error as Error).message})`;
  }
  const text = await response.text();
  if (response.status !== check.status) {
    return `${check.name}: status ${response.status}, expected ${check.status}`;
  }
  if (LEAK.test(text)) return `${check.name}: body leaks a stack trace or path`;
  const type = response.headers.get("content-type") ?? "";
  const wantedType = check.contentType ?? (check.status < 400 ? "application/json" : undefined);
  if (wantedType !== undefined && !type.includes(wantedType)) {
    return `${check.name}: content-type ${type || "(none)"}, expected ${wantedType}`;
  }
  if (check.status >= 400 && check.expect === undefined) {
    return text.length > 0 ? undefined : `${check.name}: empty error body`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${check.name}: body is not JSON`;
  }
  if (check.json !== undefined && canonical(body) !== canonical(check.json)) {
    return `${check.name}: body ${text.slice(0, 200)}`;
  }
  const wrong = check.expect?.(body);
  return wrong === undefined ? undefined : `${check.name}: ${wrong}: ${text.slice(0, 200)}`;
}

/** Runs the checks of the given scenarios against a target at `baseUrl`. */
export async function verifyTarget(
  baseUrl: string,
  scenarioIds: readonly ScenarioId[],
  strict: boolean,
): Promise<Verification> {
  const failures: string[] = [];
  const lenient: string[] = [];
  for (const check of checks) {
    if (!scenarioIds.includes(check.scenario)) continue;
    const failure = await runCheck(baseUrl, check);
    if (failure === undefined) continue;
    if (check.edge && !strict) lenient.push(failure);
    else failures.push(failure);
  }
  return { ok: failures.length === 0, failures, lenient };
}
