import {
  type ClassMetadata,
  type MethodMetadata,
  peekClassMetadata,
  type SecurityMetadata,
} from "./metadata-store.js";

/** A controller's metadata with its base classes' merged in (read once, by `createApp`). */
export interface ControllerMetadata {
  readonly prefix: unknown;
  readonly tags: readonly unknown[];
  readonly security: readonly SecurityMetadata[] | undefined;
  /** The nearest class-level `@Public()` or `@Security`: true when it is `@Public()`. */
  readonly isPublic: boolean;
  /** The class's own `@Description`, if any. */
  readonly description: unknown;
  readonly bodyLimit: unknown;
  readonly timeout: unknown;
  /**
   * Class-level pipeline items of the class and its bases, base classes first: a subclass adds to
   * its base's guards rather than replacing them, so extending a guarded controller never drops
   * a check.
   */
  readonly guards: readonly unknown[];
  readonly interceptors: readonly unknown[];
  readonly middleware: readonly unknown[];
  /** The nearest class-level `@ValidateResponse` setting. */
  readonly validateResponse: unknown;
  /** The nearest class-level `@SendUndeclared` setting. */
  readonly sendUndeclared: boolean | undefined;
  /** The nearest class-level `@Produces` media types. */
  readonly produces: readonly unknown[] | undefined;
  /** Method name -> metadata; a subclass's own declaration of a method replaces its base's. */
  readonly methods: ReadonlyMap<string | symbol, MethodMetadata>;
  readonly misplaced: readonly string[];
}

/**
 * Reads a controller class and its base classes. Class-level settings come from the nearest class
 * that declares them; routes of a base controller are inherited (and run the subclass's override
 * of the method, if it has one without decorators of its own).
 */
export function readControllerMetadata(controller: Function): ControllerMetadata {
  const chain: ClassMetadata[] = [];
  for (
    let current: unknown = controller;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    const own = peekClassMetadata(current as Function);
    if (own) chain.push(own);
  }
  const nearest = <
    K extends
      | "prefix"
      | "tags"
      | "security"
      | "bodyLimit"
      | "timeout"
      | "validateResponse"
      | "sendUndeclared"
      | "produces",
  >(
    key: K,
  ) => chain.find((metadata) => metadata[key] !== undefined)?.[key];
  const accumulated = (key: "guards" | "interceptors" | "middleware") =>
    [...chain].reverse().flatMap((metadata) => metadata[key] ?? []);

  const methods = new Map<string | symbol, MethodMetadata>();
  for (const metadata of [...chain].reverse()) {
    for (const [key, method] of metadata.methods) methods.set(key, method);
  }
  return {
    prefix: nearest("prefix"),
    tags: nearest("tags") ?? [],
    security: nearest("security"),
    // `@Public()` and `@Security` on a class replace each other: the nearest class that has either wins.
    isPublic:
      chain.find((metadata) => metadata.isPublic || metadata.security !== undefined)?.isPublic ===
      true,
    description:
      chain[0] !== undefined && peekClassMetadata(controller) === chain[0]
        ? chain[0].description
        : undefined,
    bodyLimit: nearest("bodyLimit"),
    timeout: nearest("timeout"),
    guards: accumulated("guards"),
    interceptors: accumulated("interceptors"),
    middleware: accumulated("middleware"),
    validateResponse: nearest("validateResponse"),
    sendUndeclared: nearest("sendUndeclared"),
    produces: nearest("produces"),
    methods,
    misplaced: chain.flatMap((metadata) => metadata.misplaced),
  };
}
