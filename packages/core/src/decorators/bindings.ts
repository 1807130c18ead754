import type { BodyContentType, ParameterLocation } from "../http/vocabulary.js";
import { parameterTarget } from "../metadata/decorator-target.js";
import type { BindingMetadata } from "../metadata/metadata-store.js";
import type { Infer } from "../schema/infer.js";
import type { MultipartLimits } from "../uploads/form-plan.js";
import type { UploadSink } from "../uploads/upload-sink.js";
import type { CheckedParameterDecorator } from "./binding-check.js";

/** Options of `@Body`. */
export interface BodyOptions {
  /** The media type the body is read as (default `application/json`, which also accepts `+json`). */
  readonly contentType?: BodyContentType;
  /**
   * multipart/form-data only: where each named file field's bytes go while they arrive
   * (`diskSink`, `s3Sink`, `memorySink`). With it (or `multipart`) the body is streamed.
   */
  readonly uploads?: Readonly<Record<string, UploadSink>>;
  /** multipart/form-data only: the streamed form's limits (parts, files, fields, sizes). */
  readonly multipart?: MultipartLimits;
}

type BindingInput =
  | Omit<Extract<BindingMetadata, { kind: "parameter" }>, "index">
  | Omit<Extract<BindingMetadata, { kind: "body" }>, "index">
  | { readonly kind: "request"; readonly read?: (request: Request) => unknown };

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
 * Binds the request body, validated against `schema` before the handler runs. The compiler checks
 * that the parameter's declared type accepts `Infer` of the schema.
 *
 * @example
 * @Post()
 * create(@Body(CreateUser) input: CreateUser) {}
 */
export function Body<const S = undefined>(
  schema?: S,
  options?: BodyOptions,
): CheckedParameterDecorator<Infer<S>>;
export function Body(...args: [schema?: unknown, options?: BodyOptions]): ParameterDecorator {
  return bind("@Body", {
    kind: "body",
    schema: args[0],
    // `@Body(undefined, options)` means "no schema"; `@Body(X)` with X undefined is an import cycle.
    hasSchema: args[0] !== undefined || args.length === 1,
    contentType: args[1]?.contentType ?? "application/json",
    ...(args[1]?.uploads === undefined ? {} : { uploads: args[1].uploads }),
    ...(args[1]?.multipart === undefined ? {} : { multipart: args[1].multipart }),
  });
}

/**
 * Binds one path parameter by name, or all of them to an object schema.
 *
 * @example
 * @Get("/:id")
 * get(@Param("id") id: string) {}
 */
export function Param<const S>(name: string, schema: S): CheckedParameterDecorator<Infer<S>>;
export function Param(name: string): ParameterDecorator;
export function Param<const S = undefined>(schema?: S): CheckedParameterDecorator<Infer<S>>;
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
export function Query<const S>(name: string, schema: S): CheckedParameterDecorator<Infer<S>>;
export function Query(name: string): ParameterDecorator;
export function Query<const S = undefined>(schema?: S): CheckedParameterDecorator<Infer<S>>;
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
export function Header<const S>(name: string, schema: S): CheckedParameterDecorator<Infer<S>>;
export function Header(name: string): ParameterDecorator;
export function Header<const S = undefined>(schema?: S): CheckedParameterDecorator<Infer<S>>;
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
export function Cookie<const S>(name: string, schema: S): CheckedParameterDecorator<Infer<S>>;
export function Cookie(name: string): ParameterDecorator;
export function Cookie<const S = undefined>(schema?: S): CheckedParameterDecorator<Infer<S>>;
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
export function Req(): CheckedParameterDecorator<Request> {
  return bind("@Req", { kind: "request" }) as CheckedParameterDecorator<Request>;
}

/**
 * Binds a value a function of the request gives: a custom parameter source, such as the
 * authenticated principal. `read` runs once per request, after guards and before the handler,
 * and must be synchronous. The value is not an input the client sends: it is neither documented
 * nor validated. A feature package builds its own decorator on it.
 *
 * @example
 * const TenantId = () => RequestValue((request) => request.headers.get("x-tenant") ?? "public");
 * @Get()
 * list(@TenantId() tenant: string) {}
 */
export function RequestValue<T>(read: (request: Request) => T): CheckedParameterDecorator<T> {
  return bind("@RequestValue", { kind: "request", read }) as CheckedParameterDecorator<T>;
}
