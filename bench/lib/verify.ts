// Checks a target's status codes and bodies for S1-S3 and for invalid input, before and after timing.
import { findUser, listUsers } from "../targets/shared/users.js";

/** One request and what it must produce. */
interface Check {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  status: number;
  /** Exact JSON the body must equal (ids of created users are checked by type only). */
  json?: unknown;
  created?: { name: string; email: string };
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

// An S3 query that must be refused; `edge` marks notations only strict parsers refuse.
const badQuery =
  (edge: boolean) =>
  ([name, query]: string[]): Check => ({
    name: name!,
    method: "GET",
    path: `/users?${query}`,
    status: 400,
    ...(edge ? { edge } : {}),
  });

const checks: Check[] = [
  { name: "S1 ok", method: "GET", path: "/users/42", status: 200, json: findUser("42") },
  {
    name: "S2 ok",
    method: "POST",
    path: "/users",
    body: json({ name: "Ada Lovelace", email: "ada@example.com" }),
    status: 201,
    created: { name: "Ada Lovelace", email: "ada@example.com" },
  },
  {
    name: "S3 ok",
    method: "GET",
    path: "/users?page=2&limit=10",
    status: 200,
    json: listUsers(2, 10),
  },
  ...[
    ["S2 empty name", json({ name: "", email: "ada@example.com" })],
    ["S2 missing name", json({ email: "ada@example.com" })],
    ["S2 name not a string", json({ name: 42, email: "ada@example.com" })],
    ["S2 bad email", json({ name: "Ada", email: "not-an-email" })],
    ["S2 body is an array", "[]"],
    ["S2 malformed JSON", '{"name":'],
  ].map(
    ([name, body]): Check => ({ name: name!, method: "POST", path: "/users", body, status: 400 }),
  ),
  ...[
    ["S3 page=0", "page=0&limit=10"],
    ["S3 limit=0", "page=1&limit=0"],
    ["S3 limit=101", "page=1&limit=101"],
    ["S3 page=abc", "page=abc&limit=10"],
    ["S3 page missing", "limit=10"],
    ["S3 page=1.5", "page=1.5&limit=10"],
  ].map(badQuery(false)),
  // Numeric notations other than plain decimal: lenient parsers read them as valid integers.
  ...[
    ["S3 limit=1e1", "page=1&limit=1e1"],
    ["S3 page=0x10", "page=0x10&limit=10"],
  ].map(badQuery(true)),
];

// Anything that looks like a stack frame or a file path must never reach a client.
const LEAK = /\n\s+at |node_modules|\/work\/|\.ts:\d|\.js:\d/;

async function runCheck(baseUrl: string, check: Check): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(baseUrl + check.path, {
      method: check.method,
      body: check.body,
      headers: check.body === undefined ? {} : { "content-type": "application/json" },
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
  if (check.status >= 400) {
    return text.length > 0 ? undefined : `${check.name}: empty error body`;
  }
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
    return `${check.name}: content-type ${response.headers.get("content-type")}`;
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
  if (check.created) {
    const user = body as Record<string, unknown>;
    const keys = Object.keys(user ?? {}).sort();
    if (
      typeof user?.id !== "string" ||
      user.name !== check.created.name ||
      user.email !== check.created.email ||
      json(keys) !== json(["email", "id", "name"])
    ) {
      return `${check.name}: body ${text.slice(0, 200)}`;
    }
  }
  return undefined;
}

/** Runs every check against a target at `baseUrl`. */
export async function verifyTarget(baseUrl: string, strict: boolean): Promise<Verification> {
  const failures: string[] = [];
  const lenient: string[] = [];
  for (const check of checks) {
    const failure = await runCheck(baseUrl, check);
    if (failure === undefined) continue;
    if (check.edge && !strict) lenient.push(failure);
    else failures.push(failure);
  }
  return { ok: failures.length === 0, failures, lenient };
}
