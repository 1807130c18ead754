import { expect } from "vitest";

/** Reads an error response, checking it is problem+json that gives nothing internal away. */
export async function readProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const text = await response.text();
  // No stack frames, file paths or runtime error names ever reach a client.
  expect(text).not.toMatch(/\bat .+:\d+|\/work\/|node_modules|\.ts\b|SQLite|TypeError/);
  const problem = JSON.parse(text) as {
    type: string;
    title: string;
    status: number;
    detail?: string;
    errors?: { in: string; path: string; message: string }[];
  };
  expect(problem).toMatchObject({ type: "about:blank", status });
  return problem;
}
