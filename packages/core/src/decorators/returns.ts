import { methodTarget } from "../metadata/decorator-target.js";
import type { ReturnsDecorator } from "./returns-check.js";

/**
 * Declares a response: its status, body schema (`Model`, or `[Model]` for an array of it) and
 * description. A string in place of the type is the description of a response without a body.
 * For a 2xx status with a schema, the compiler checks the handler: its awaited return type must
 * be assignable to `Infer` of the schema (an array of it for `[Model]`), or be a `Response`.
 *
 * @example
 * @Post()
 * @Returns(201, User, "The created user")
 * @Returns(409, "The e-mail is taken")
 * create(@Body(CreateUser) input: CreateUser): Promise<User> {
 *   return this.users.create(input);
 * }
 */
export function Returns<const N extends number, const S = undefined>(
  status: N,
  type?: S,
  description?: string,
): ReturnsDecorator<N, S> {
  return ((target: object, key: string | symbol) => {
    methodTarget("@Returns", target, key)?.returns.unshift({ status, type, description });
  }) as ReturnsDecorator<N, S>;
}
