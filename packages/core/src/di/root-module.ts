import type { ModuleNode } from "./module-graph.js";
import type { NormalizedProvider } from "./provider.js";

/** A module of only `createApp`'s own providers (no imports): everything is visible. */
export function rootModule(providers: readonly NormalizedProvider[]): ModuleNode {
  return {
    name: "createApp",
    target: undefined,
    imports: [],
    controllers: [],
    providers,
    exports: new Set(),
    exportList: [],
    visible: new Set(providers.map((provider) => provider.token)),
  };
}
