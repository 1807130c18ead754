// Loaded before any decorated class: TypeScript's emitted `design:*` metadata calls go nowhere without it.
import "reflect-metadata";
import type { HttpMethod, ParameterLocation } from "../http/vocabulary.js";

/** A verb decorator as written: the path is checked later, by `createApp`. */
export interface VerbMetadata {
  readonly method: HttpMethod;
  readonly path: unknown;
}

/** A binding decorator as written on one handler parameter. */
export type BindingMetadata =
  | {
      readonly kind: "parameter";
      readonly index: number;
      readonly in: ParameterLocation;
      /** The named value (`@Query("page")`); undefined binds the whole location. */
      readonly name: string | undefined;
      /** The schema argument; `hasSchema` tells "none given" from an undefined value. */
      readonly schema: unknown;
      readonly hasSchema: boolean;
    }
  | {
      readonly kind: "body";
      readonly index: number;
      readonly schema: unknown;
      readonly hasSchema: boolean;
      readonly contentType: unknown;
      /** `@Body` `uploads` and `multipart`, as given (checked when operations are built). */
      readonly uploads?: unknown;
      readonly multipart?: unknown;
    }
  | {
      readonly kind: "request";
      readonly index: number;
      /** `@RequestValue(read)`: the value is `read(request)`; absent for `@Req()`. */
      readonly read?: (request: Request) => unknown;
    };

/** An `@Returns` as written. */
export interface ReturnsMetadata {
  readonly status: unknown;
  readonly type: unknown;
  readonly description: unknown;
}

/** An `@Security` as written. */
export interface SecurityMetadata {
  readonly scheme: unknown;
  readonly scopes: unknown;
}

/** Everything the decorators of one method recorded. */
export interface MethodMetadata {
  readonly verbs: VerbMetadata[];
  readonly bindings: BindingMetadata[];
  readonly returns: ReturnsMetadata[];
  readonly tags: unknown[];
  readonly security: SecurityMetadata[];
  /** `@Public()` on the method: no security requirement, documented as `security: []`. */
  isPublic?: boolean;
  summary?: unknown;
  description?: unknown;
  operationId?: unknown;
  deprecated: boolean;
  hidden: boolean;
  bodyLimit?: unknown;
  /** The `@Timeout` in milliseconds, when given. */
  timeout?: unknown;
  /** `@UseGuards`, `@UseInterceptors`, `@UseMiddleware` items, in written order. */
  readonly guards: unknown[];
  readonly interceptors: unknown[];
  readonly middleware: unknown[];
  /** The `@ValidateResponse` setting, when given. */
  validateResponse?: unknown;
  /** `@SendUndeclared`: true sends bodies as returned, false as declared. */
  sendUndeclared?: boolean;
  /** The `@Produces` media types, when given. */
  produces?: unknown[];
  /** The `@Sse` options (an empty object when given without any). */
  sse?: unknown;
}

/** Everything the decorators of one class (and its methods) recorded. */
export interface ClassMetadata {
  /** The `@Route` prefix; undefined when the class has none (a base class's prefix then applies). */
  prefix?: unknown;
  tags?: unknown[];
  security?: SecurityMetadata[];
  /** `@Public()` on the class. */
  isPublic?: boolean;
  /** `@Description` on the class: the description of the tag its operations get by default. */
  description?: unknown;
  bodyLimit?: unknown;
  timeout?: unknown;
  /** Class-level pipeline items, in written order (inherited ones are added by the reader). */
  guards?: unknown[];
  interceptors?: unknown[];
  middleware?: unknown[];
  validateResponse?: unknown;
  sendUndeclared?: boolean;
  /** The class's `@Produces` media types: the default of its methods. */
  produces?: unknown[];
  readonly methods: Map<string | symbol, MethodMetadata>;
  /** Decorators put where they cannot apply (static members, constructor parameters). */
  readonly misplaced: string[];
}

const store = new WeakMap<Function, ClassMetadata>();

/** The metadata a class declares itself (not inherited), created on first use. */
export function ownClassMetadata(target: Function): ClassMetadata {
  let metadata = store.get(target);
  if (!metadata) {
    metadata = { methods: new Map(), misplaced: [] };
    store.set(target, metadata);
  }
  return metadata;
}

/** The metadata one method declares, created on first use. */
export function ownMethodMetadata(target: Function, key: string | symbol): MethodMetadata {
  const methods = ownClassMetadata(target).methods;
  let metadata = methods.get(key);
  if (!metadata) {
    metadata = {
      verbs: [],
      bindings: [],
      returns: [],
      tags: [],
      security: [],
      guards: [],
      interceptors: [],
      middleware: [],
      deprecated: false,
      hidden: false,
    };
    methods.set(key, metadata);
  }
  return metadata;
}

/** The metadata a class declares itself, if any (undefined for undecorated classes). */
export function peekClassMetadata(target: Function): ClassMetadata | undefined {
  return store.get(target);
}
