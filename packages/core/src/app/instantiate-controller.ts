import type { ControllerClass } from "./app-options.js";

/**
 * Creates the one instance of a controller that serves all its requests. The single place
 * controllers are constructed, so dependency injection can take it over.
 */
export function instantiateController(controller: ControllerClass): object {
  return new (controller as unknown as new () => object)();
}
