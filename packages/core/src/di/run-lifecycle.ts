import type { Logger } from "../errors/logger.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { initFailed } from "./container-errors.js";
import { hasHook } from "./lifecycle-hooks.js";

/** An instance with lifecycle hooks, and the name its errors give. */
export interface HookedInstance {
  readonly name: string;
  readonly instance: object;
}

/** Runs every `onInit()` in order, awaiting each; a promise only if one is async. */
export function runInit(list: readonly HookedInstance[]): void | Promise<void> {
  let index = 0;
  const step = (): void | Promise<void> => {
    for (; index < list.length; index++) {
      const { name, instance } = list[index] as HookedInstance;
      if (!hasHook(instance, "onInit")) continue;
      let result: unknown;
      try {
        result = (instance as { onInit(): unknown }).onInit();
      } catch (error) {
        throw initFailed(name, error);
      }
      if (isThenable(result)) {
        index++;
        return Promise.resolve(result).then(step, (error: unknown) => {
          throw initFailed(name, error);
        });
      }
    }
  };
  return step();
}

/** Runs every `onShutdown()` in reverse order, awaiting each; a failure is logged, not fatal. */
export async function runShutdown(list: readonly HookedInstance[], logger: Logger): Promise<void> {
  for (const { name, instance } of [...list].reverse()) {
    if (!hasHook(instance, "onShutdown")) continue;
    try {
      await (instance as { onShutdown(): unknown }).onShutdown();
    } catch (error) {
      logger.error(`${name}.onShutdown() failed`, error);
    }
  }
}
