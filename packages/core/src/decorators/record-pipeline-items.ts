import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/** Which list of pipeline items a decorator appends to. */
export type PipelineList = "guards" | "interceptors" | "middleware";

/**
 * A class-or-method decorator that records pipeline items in written order. Decorators run
 * bottom-up, so each one puts its items in front of those recorded by the ones below it.
 */
export function pipelineItems(
  decorator: string,
  list: PipelineList,
  items: readonly unknown[],
): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      const metadata = ownClassMetadata(target as Function);
      metadata[list] = [...items, ...(metadata[list] ?? [])];
      return;
    }
    methodTarget(decorator, target, key)?.[list].unshift(...items);
  }) as ClassDecorator & MethodDecorator;
}
