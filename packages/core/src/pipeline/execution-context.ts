import { decodePathParam } from "../http/url-parts.js";
import type { Operation } from "../operation/operation.js";

/** What a guard or interceptor learns about the request it runs for. */
export interface ExecutionContext {
  /** The request; guards run before its body is read. */
  readonly request: Request;
  /** Path parameters by name: percent-decoded strings, neither coerced nor validated. */
  readonly params: Readonly<Record<string, string>>;
  /** The controller class. */
  readonly controller: Operation["controller"];
  /** The handler's method name. */
  readonly handler: string;
  /** The operation's metadata: method, path, bindings, responses, docs, security. */
  readonly operation: Operation;
  /** For a security scheme's guard: the scopes the requirement asks for. Empty otherwise. */
  readonly scopes: readonly string[];
}

const noScopes: readonly string[] = Object.freeze([]);

/** The context of one request; `params` are decoded on first read only. */
export class RouteExecutionContext implements ExecutionContext {
  private paramRecord: Readonly<Record<string, string>> | undefined = undefined;

  constructor(
    readonly request: Request,
    private readonly rawParams: readonly string[] | undefined,
    private readonly paramsDecoded: boolean | undefined,
    readonly operation: Operation,
    readonly scopes: readonly string[] = noScopes,
  ) {}

  get controller(): Operation["controller"] {
    return this.operation.controller;
  }

  get handler(): string {
    return this.operation.handlerName;
  }

  get params(): Readonly<Record<string, string>> {
    if (this.paramRecord === undefined) {
      const record: Record<string, string> = Object.create(null);
      const names = this.operation.pathParams;
      for (let index = 0; index < names.length; index++) {
        const raw = this.rawParams?.[index] ?? "";
        // A value that cannot be decoded is given as written; its binding reports the 400 later.
        record[names[index] as string] = this.paramsDecoded ? raw : (decodePathParam(raw) ?? raw);
      }
      this.paramRecord = Object.freeze(record);
    }
    return this.paramRecord;
  }

  /** The same request seen by a security scheme's guard, with the requirement's scopes. */
  withScopes(scopes: readonly string[]): RouteExecutionContext {
    const context = new RouteExecutionContext(
      this.request,
      this.rawParams,
      this.paramsDecoded,
      this.operation,
      scopes,
    );
    context.paramRecord = this.paramRecord;
    return context;
  }
}
