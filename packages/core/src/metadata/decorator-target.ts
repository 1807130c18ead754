import { isStandardCall, standardCall } from "./decorator-mode.js";
import { type MethodMetadata, ownClassMetadata, ownMethodMetadata } from "./metadata-store.js";

/**
 * The method metadata a member decorator writes to, or undefined after recording the misuse
 * (a static member: `target` is then the class itself), which `createApp` reports. A TC39 call
 * (`experimentalDecorators` off) is reported instead.
 */
export function methodTarget(
  decorator: string,
  target: object,
  key: string | symbol,
): MethodMetadata | undefined {
  if (isStandardCall(key)) {
    standardCall(decorator, key);
    return undefined;
  }
  if (typeof target === "function") {
    ownClassMetadata(target).misplaced.push(`${decorator} on static member ${String(key)}`);
    return undefined;
  }
  return ownMethodMetadata(target.constructor, key);
}

/** Same for parameter decorators, which may also sit on a constructor parameter (no key). */
export function parameterTarget(
  decorator: string,
  target: object,
  key: string | symbol | undefined,
): MethodMetadata | undefined {
  if (key === undefined) {
    const owner = typeof target === "function" ? target : target.constructor;
    ownClassMetadata(owner).misplaced.push(`${decorator} on a constructor parameter`);
    return undefined;
  }
  return methodTarget(decorator, target, key);
}
