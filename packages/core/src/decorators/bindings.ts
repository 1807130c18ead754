import type { BodyContentType, ParameterLocation } from "../http/vocabulary.js";
import { parameterTarget } from "../metadata/decorator-target.js";
import type { BindingMetadata } from "../metadata/metadata-store.js";

/** Options of `@Body`. */
export interface BodyOptions {
  /** The media type the body is read as (default `application/json`, which also accepts `+json`). */
  readonly contentType?: BodyContentType;
}

type BindingInput =
  | Omit<Extract<BindingMetadata, { kind: "parameter" }>, "index">
  | Omit<Extract<BindingMetadata, { kind: "body" }>, "index">
  | { readonly kind: "request" };

function bind(decorator: string, binding: BindingInput): ParameterDecorator {
  return (target, key, index) => {
    parameterTarget(decorator, target, key)?.bindings.push({
      ...binding,
      index,
    } as BindingMetadata);
  };
}

// `@Query("page")` names one value; `@Query(Schema)` binds the whole location. Whether a schema was
// passed at all is kept apart from its value, so an undefined import (a cycle) is reported, not ignored.
function location(
  where: ParameterLocation,
  decorator: string,
  args: unknown[],
): ParameterDecorator {
  const [first, second] = args;
  if (typeof first === "string") {
    return bind(decorator, {
      kind: "parameter",
      in: where,
      name: first,
      schema: second,
      hasSchema: args.length > 1,
    });
  }
  return bind(decorator, {
    kind: "parameter",
    in: where,
    name: undefined,
    schema: first,
    hasSchema: args.length > 0,
  });
}

/**
 * Binds the request body, validated against `schema` before the handler runs.
 *
 * @example
 * @Post()
 * create(@Body(CreateUser) input: CreateUser) {}
 */
export function Body(...args: [schema?: unknown, options?: BodyOptions]): ParameterDecorator {
  return bind("@Body", {
    kind: "body",
    schema: args[0],
    // `@Body(undefined, options)` means "no schema"; `@Body(X)` with X undefined is an import cycle.
    hasSchema: args[0] !== undefined || args.length === 1,
    contentType: args[1]?.contentType ?? "application/json",
  });
}

/**
 * Binds one path parameter by name, or all of them to an object schema.
 *
 * @example
 * @Get("/:id")
 * get(@Param("id") id: string) {}
 */
export function Param(name: string, schema?: unknown): ParameterDecorator;
export function Param(schema?: unknown): ParameterDecorator;
export function Param(...args: unknown[]): ParameterDecorator {
  return location("path", "@Param", args);
}

/**
 * Binds one query parameter by name, or the whole query string to an object schema.
 *
 * @example
 * @Get()
 * list(@Query("page") page: number) {}
 */
export function Query(name: string, schema?: unknown): ParameterDecorator;
export function Query(schema?: unknown): ParameterDecorator;
export function Query(...args: unknown[]): ParameterDecorator {
  return location("query", "@Query", args);
}

/**
 * Binds one request header by name (case-insensitive), or the headers to an object schema.
 *
 * @example
 * @Get()
 * list(@Header("x-tenant") tenant: string) {}
 */
export function Header(name: string, schema?: unknown): ParameterDecorator;
export function Header(schema?: unknown): ParameterDecorator;
export function Header(...args: unknown[]): ParameterDecorator {
  return location("header", "@Header", args);
}

/**
 * Binds one cookie by name, or all cookies to an object schema.
 *
 * @example
 * @Get("/me")
 * me(@Cookie("session") session: string) {}
 */
export function Cookie(name: string, schema?: unknown): ParameterDecorator;
export function Cookie(schema?: unknown): ParameterDecorator;
export function Cookie(...args: unknown[]): ParameterDecorator {
  return location("cookie", "@Cookie", args);
}

/**
 * Binds the raw `Request`.
 *
 * @example
 * @Get()
 * list(@Req() request: Request) {}
 */
export function Req(): ParameterDecorator {
  return bind("@Req", { kind: "request" });
}
