import type { HttpMethod } from "../http/vocabulary.js";
import { methodTarget } from "../metadata/decorator-target.js";

function verb(method: HttpMethod, path: unknown): MethodDecorator {
  return (target, key) => {
    // Decorators apply bottom-up; unshift keeps the order they are written in.
    const name = `@${method[0]}${method.slice(1).toLowerCase()}`; // "@Get", as written
    methodTarget(name, target, key)?.verbs.unshift({ method, path });
  };
}

/**
 * Registers a GET route: the controller prefix joined with `path` (the prefix alone without one).
 *
 * @example
 * @Get("/:id")
 * get(@Param("id") id: string) {}
 */
export function Get(path?: string): MethodDecorator {
  return verb("GET", path);
}

/**
 * Registers a POST route.
 *
 * @example
 * @Post()
 * create(@Body(CreateUser) input: CreateUser) {}
 */
export function Post(path?: string): MethodDecorator {
  return verb("POST", path);
}

/**
 * Registers a PUT route.
 *
 * @example
 * @Put("/:id")
 * replace(@Param("id") id: string, @Body(User) user: User) {}
 */
export function Put(path?: string): MethodDecorator {
  return verb("PUT", path);
}

/**
 * Registers a PATCH route.
 *
 * @example
 * @Patch("/:id")
 * update(@Param("id") id: string, @Body(UserPatch) patch: UserPatch) {}
 */
export function Patch(path?: string): MethodDecorator {
  return verb("PATCH", path);
}

/**
 * Registers a DELETE route.
 *
 * @example
 * @Delete("/:id")
 * remove(@Param("id") id: string) {}
 */
export function Delete(path?: string): MethodDecorator {
  return verb("DELETE", path);
}

/**
 * Registers a HEAD route (GET routes already answer HEAD without one).
 *
 * @example
 * @Head("/:id")
 * exists(@Param("id") id: string) {}
 */
export function Head(path?: string): MethodDecorator {
  return verb("HEAD", path);
}

/**
 * Registers an OPTIONS route (without one, OPTIONS gets 204 with an `Allow` header).
 *
 * @example
 * @Options()
 * options() {}
 */
export function Options(path?: string): MethodDecorator {
  return verb("OPTIONS", path);
}
