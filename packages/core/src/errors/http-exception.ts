import { statusText } from "../http/status-text.js";

/** Anything `new Headers(...)` accepts. */
export type HeadersInput = ConstructorParameters<typeof Headers>[0];

/** Where a request input comes from, as reported in `errors[].in`. */
export type InputLocation = "body" | "path" | "query" | "header" | "cookie";

/** One problem with one request input, as listed in a problem's `errors`. */
export interface ProblemIssue {
  /** The input the problem is in. */
  readonly in: InputLocation;
  /** A JSON Pointer (RFC 6901) into that input; "" is the input itself. */
  readonly path: string;
  /** A human-readable message, safe to send to the client. */
  readonly message: string;
}

/** An RFC 9457 problem details object as Trellis sends it. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly errors?: readonly ProblemIssue[];
  readonly [member: string]: unknown;
}

/** Extra parts of an `HttpException`'s response. */
export interface HttpExceptionOptions {
  /** Response headers to send with the problem (e.g. `Retry-After`, `WWW-Authenticate`). */
  readonly headers?: HeadersInput;
  /** Per-input issues, sent as the problem's `errors` member. */
  readonly errors?: readonly ProblemIssue[];
  /** Extra members of the problem object; they never replace the standard members. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  /** The problem `type` URI (default `about:blank`). */
  readonly type?: string;
  /** The problem `title` (default: the status's reason phrase). */
  readonly title?: string;
  /** The underlying error, kept for logs; never sent. */
  readonly cause?: unknown;
}

/**
 * An error that becomes an RFC 9457 `application/problem+json` response with the given status.
 *
 * @example
 * throw new HttpException(409, "A user with this e-mail already exists", {
 *   extensions: { field: "email" },
 * });
 */
export class HttpException extends Error {
  override readonly name: string = "HttpException";
  /** The response status (4xx or 5xx; anything else is sent as 500). */
  readonly status: number;
  /** The problem's `detail`, sent to the client. */
  readonly detail: string | undefined;
  readonly headers: HeadersInput | undefined;
  readonly errors: readonly ProblemIssue[] | undefined;
  readonly extensions: Readonly<Record<string, unknown>> | undefined;
  readonly type: string;
  readonly title: string;

  constructor(status: number, detail?: string, options?: HttpExceptionOptions) {
    super(detail ?? statusText(status), { cause: options?.cause });
    this.status = status;
    this.detail = detail;
    this.headers = options?.headers;
    this.errors = options?.errors;
    this.extensions = options?.extensions;
    this.type = options?.type ?? "about:blank";
    this.title = options?.title ?? statusText(status);
  }

  /** The problem details object this exception is sent as. */
  toProblem(): ProblemDetails {
    const problem: Record<string, unknown> = { ...this.extensions };
    problem.type = this.type;
    problem.title = this.title;
    problem.status = this.status;
    if (this.detail !== undefined) problem.detail = this.detail;
    if (this.errors !== undefined) problem.errors = this.errors;
    return problem as unknown as ProblemDetails;
  }
}
