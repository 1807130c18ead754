// Not a target: the errorFormatter both bun-openapi targets pass to createApp, turning its
// validation failures ({ message, errors: [{ path, message }] }) into a 400 problem+json.
import type { ErrorFormatterContext } from "bun-openapi";

/** bun-openapi's 400 body as its validation failures produce it. */
interface FailureBody {
  message?: string;
  errors?: { path: string; message: string }[];
}

/** The benchmark's 400 problem+json for validation failures; other errors stay as they are. */
export function problemFormatter(_error: unknown, context: ErrorFormatterContext) {
  if (context.status !== 400) return {};
  const { message, errors } = (context.body ?? {}) as FailureBody;
  const problem = {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: message ?? "Bad Request",
    ...(errors ? { errors } : {}),
  };
  return new Response(JSON.stringify(problem), {
    status: 400,
    headers: { "content-type": "application/problem+json" },
  });
}
