import type { InputLocation, ProblemIssue } from "../errors/http-exception.js";
import { BadRequestException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import { decodePathParam, InvalidEncodingError, parseQuery, queryOf } from "../http/url-parts.js";
import { parseCookies } from "./cookies.js";

/** Marks an input that could not be read (its issue is already recorded). */
export const unreadable: unique symbol = Symbol("trellis.unreadable");

/** The most issues one 400 lists (the first ones found), so an error body stays small. */
export const maxIssues = 100;

/** Escapes one JSON Pointer reference token (RFC 6901). */
export function pointerToken(token: string | number): string {
  if (typeof token === "number") return String(token);
  // Most names need no escape: one scan each instead of two replacements (400s drive this).
  return token.includes("~") || token.includes("/")
    ? token.replaceAll("~", "~0").replaceAll("/", "~1")
    : token;
}

/** Parses one input; bytes that are not UTF-8 make the request a 400 naming the input. */
function refuseBadEncoding<T>(where: InputLocation, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof InvalidEncodingError)) throw error;
    throw withoutStack(
      () =>
        new BadRequestException("Request validation failed", {
          errors: [{ in: where, path: "", message: "must be valid percent-encoded UTF-8" }],
        }),
    );
  }
}

/**
 * One request's inputs, parsed lazily and at most once (the query string only when something reads
 * it), plus the issues found while reading and validating them.
 */
export class RequestInputs {
  issues: ProblemIssue[] | undefined = undefined;
  private queryRecord: Record<string, string | string[]> | undefined = undefined;
  private cookieRecord: Record<string, string> | undefined = undefined;
  private decoded: (string | typeof unreadable)[] | undefined = undefined;

  constructor(
    readonly request: Request,
    /** Path parameter values, in path order. */
    private readonly rawParams: readonly string[] | undefined,
    /** True when `rawParams` are decoded already. */
    private readonly paramsDecoded: boolean,
    /** Path parameter names, in path order. */
    private readonly paramNames: readonly string[],
    /** The parsed body (undefined when the route reads none or it is absent). */
    readonly body: unknown,
  ) {}

  addIssue(where: InputLocation, path: string, message: string): void {
    const issue = { in: where, path, message };
    if (this.issues === undefined) this.issues = [issue];
    else if (this.issues.length < maxIssues) this.issues.push(issue);
  }

  /** The decoded path parameter at `position`, or `unreadable` (bad percent-encoding, NUL). */
  pathParam(position: number): string | typeof unreadable {
    if (this.paramsDecoded) return this.rawParams?.[position] ?? unreadable;
    if (this.decoded === undefined) {
      const decoded: (string | typeof unreadable)[] = [];
      const raw = this.rawParams ?? [];
      for (let index = 0; index < this.paramNames.length; index++) {
        const value = decodePathParam(raw[index] ?? "");
        if (value === undefined) {
          this.addIssue(
            "path",
            `/${pointerToken(this.paramNames[index] ?? "")}`,
            "must be valid percent-encoded UTF-8 without NUL",
          );
        }
        decoded.push(value ?? unreadable);
      }
      this.decoded = decoded;
    }
    return this.decoded[position] ?? unreadable;
  }

  query(): Record<string, string | string[]> {
    // No closure per request: the query is read on most routes that read anything.
    if (this.queryRecord === undefined) {
      try {
        this.queryRecord = parseQuery(queryOf(this.request.url));
      } catch (error) {
        refuseBadEncoding("query", () => {
          throw error;
        });
      }
    }
    return this.queryRecord as Record<string, string | string[]>;
  }

  cookies(): Record<string, string> {
    this.cookieRecord ??= refuseBadEncoding("cookie", () =>
      parseCookies(this.request.headers.get("cookie")),
    );
    return this.cookieRecord;
  }
}
