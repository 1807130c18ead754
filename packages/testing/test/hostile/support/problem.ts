import { expect } from "vitest";

/** An RFC 9457 problem as Trellis sends it. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly errors?: readonly {
    readonly in: string;
    readonly path: string;
    readonly message: string;
  }[];
}

/** The detail every unexpected error gets: nothing about what went wrong inside. */
export const genericDetail = "An unexpected error occurred.";

// What would betray the inside of the server: stack frames, file paths, runtime error names and
// messages of the JSON parser, SQLite or the runtime.
const leaks: readonly RegExp[] = [
  /\bat (?:\S+ )?\(?(?:\/|file:|node:|[A-Za-z]:\\)\S*:\d+/, // "at fn (/path/file.ts:1:2)"
  /^\s*at /m, // a stack frame on its own line
  /\/work\//,
  /node_modules/,
  /\.[cm]?[jt]s:\d*/, // "file.ts:12" (and ".ts:")
  /\b[A-Z][A-Za-z]*Error:/, // "TypeError:", "SyntaxError:", "Error:"
  /\bError:/,
  /JSON Parse error|Unexpected token|Unexpected identifier|Unexpected EOF/i,
  /SQLITE|SQLite/,
  /\bstack\b/i,
];

/** Fails when `text` contains a stack frame, a file path or an internal error message. */
export function expectNoLeaks(text: string): void {
  for (const pattern of leaks) expect(text, `leaks ${pattern}`).not.toMatch(pattern);
}

/**
 * Reads an error response: exactly `status`, `application/problem+json`, a well-formed RFC 9457
 * body with the same status, and nothing internal in headers or body.
 */
export async function expectProblem(response: Response, status: number): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json(?:;|$)/);
  expectNoLeaks(text);
  for (const [name, value] of response.headers) expectNoLeaks(`${name}: ${value}`);
  const problem = JSON.parse(text) as Problem;
  expect(problem).toMatchObject({ type: "about:blank", status, title: expect.any(String) });
  if (problem.detail !== undefined) expect(problem.detail).toEqual(expect.any(String));
  for (const issue of problem.errors ?? []) {
    expect(issue).toEqual({
      in: expect.stringMatching(/^(?:body|path|query|header|cookie)$/),
      path: expect.any(String),
      message: expect.any(String),
    });
  }
  return problem;
}

/** `expectProblem` for a raw exchange's response (status, headers and body as sent). */
export function expectRawProblem(
  response: { status: number; headers: Readonly<Record<string, string>>; body: string } | undefined,
  status: number,
): Problem {
  expect(response, "a response").toBeDefined();
  const { headers, body } = response as NonNullable<typeof response>;
  expect(response?.status, body).toBe(status);
  expect(headers["content-type"]).toMatch(/^application\/problem\+json(?:;|$)/);
  expectNoLeaks(body);
  const problem = JSON.parse(body) as Problem;
  expect(problem).toMatchObject({ type: "about:blank", status });
  return problem;
}
