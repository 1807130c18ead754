import type { MethodMetadata } from "../metadata/metadata-store.js";

/**
 * Where a method-and-class decorator of one feature (`@RateLimit`, `@Idempotent`) records what it
 * was given, as written, beside the shared metadata store: a method's value is keyed by the very
 * method metadata `createApp` reads (so a subclass's redeclared method has its own), a class's by
 * the class. Reading resolves the most specific value: the method's, else the nearest class's.
 */
export interface RouteSetting {
  onMethod(method: MethodMetadata, value: unknown): void;
  onClass(target: Function, value: unknown): void;
  /**
   * The method's value, else the nearest class's (its own, then its bases'): `found` says whether
   * either was, `onMethod` whether it was the method's.
   */
  read(controller: Function, method: MethodMetadata): SettingFound;
}

/** A value read for one route. */
export interface SettingFound {
  readonly found: boolean;
  readonly onMethod: boolean;
  readonly value: unknown;
}

/** A new, empty setting store for one decorator. */
export function routeSetting(): RouteSetting {
  const methods = new WeakMap<MethodMetadata, unknown>();
  const classes = new WeakMap<Function, unknown>();
  return {
    onMethod: (method, value) => {
      methods.set(method, value);
    },
    onClass: (target, value) => {
      classes.set(target, value);
    },
    read(controller, method) {
      if (methods.has(method)) return { found: true, onMethod: true, value: methods.get(method) };
      for (
        let current: unknown = controller;
        typeof current === "function" && current !== Function.prototype;
        current = Object.getPrototypeOf(current)
      ) {
        if (classes.has(current as Function)) {
          return { found: true, onMethod: false, value: classes.get(current as Function) };
        }
      }
      return { found: false, onMethod: false, value: undefined };
    },
  };
}
