import { methodTarget } from "../metadata/decorator-target.js";
import type { ReturnsDecorator } from "./returns-check.js";

/** A response header documented by `@Returns` options. */
export interface ResponseHeaderOptions {
  /** The header value's schema: an adapter schema or plain JSON Schema (default `{ type: "string" }`). */
  readonly schema?: unknown;
  readonly description?: string;
  /** Whether every such response carries the header (default false). */
  readonly required?: boolean;
}

/** The third argument of `@Returns` in its long form. */
export interface ReturnsOptions {
  readonly description?: string;
  /** Response headers by name, as `{ Location: { description: "The new user" } }`. */
  readonly headers?: Readonly<Record<string, ResponseHeaderOptions>>;
  /** An example body, shown in the document. */
  readonly example?: unknown;
}

/**
 * Declares a response: its status, body schema (`Model`, or `[Model]` for an array of it) and
 * description, or options with a description, response headers and an example. A string in place
 * of the type is the description of a response without a body. For a 2xx status with a schema, the
 * compiler checks the handler: its awaited return type must be assignable to `Infer` of the schema
 * (an array of it for `[Model]`), or be a `Response`.
 *
 * @example
 * @Post()
 * @Returns(201, User, { description: "The created user", headers: { Location: {} } })
 * @Returns(409, "The e-mail is taken")
 * create(@Body(CreateUser) input: CreateUser): Promise<User> {
 *   return this.users.create(input);
 * }
 */
export function Returns<const N extends number, const S = undefined>(
  status: N,
  type?: S,
  descriptionOrOptions?: string | ReturnsOptions,
): ReturnsDecorator<N, S> {
  return ((target: object, key: string | symbol) => {
    methodTarget("@Returns", target, key)?.returns.unshift({
      status,
      type,
      description: descriptionOrOptions,
    });
  }) as ReturnsDecorator<N, S>;
}
