import { methodTarget } from "../metadata/decorator-target.js";

/**
 * Declares a response: its status, body schema (`Model`, or `[Model]` for an array of it) and
 * description. A string in place of the type is the description of a response without a body.
 *
 * @example
 * @Post()
 * @Returns(201, User, "The created user")
 * @Returns(409, "The e-mail is taken")
 * create(@Body(CreateUser) input: CreateUser) {}
 */
export function Returns(status: number, type?: unknown, description?: string): MethodDecorator {
  return (target, key) => {
    methodTarget("@Returns", target, key)?.returns.unshift({ status, type, description });
  };
}
