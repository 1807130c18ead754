import { configError } from "../errors/core-config-error.js";
import { isModule, moduleDefinition } from "./module-metadata.js";
import { isToken, type NormalizedProvider, normalizeProviders, tokenName } from "./provider.js";

/** One module of the app, checked: what it declares, exports and may use. */
export interface ModuleNode {
  /** The module class's name; `createApp` for the providers and controllers given there. */
  readonly name: string;
  /** The module class (undefined for `createApp`'s own). */
  readonly target: Function | undefined;
  readonly imports: readonly ModuleNode[];
  readonly controllers: readonly unknown[];
  readonly providers: readonly NormalizedProvider[];
  /** Every token this module exports, re-exported modules' tokens included. */
  readonly exports: ReadonlySet<unknown>;
  /** `exports` as written: tokens and re-exported modules, for `app.modules`. */
  readonly exportList: readonly unknown[];
  /** The tokens its controllers and providers may inject: its own and its imports' exports. */
  readonly visible: ReadonlySet<unknown>;
}

/** The checked module graph: every module once, `createApp`'s own first. */
export interface ModuleGraph {
  readonly root: ModuleNode;
  readonly modules: readonly ModuleNode[];
  /** Which module declares each token. */
  readonly owners: ReadonlyMap<unknown, ModuleNode>;
  /** Which module serves each controller. */
  readonly controllerModules: ReadonlyMap<unknown, ModuleNode>;
  /** Every controller, `createApp`'s own first, then each module's in import order. */
  readonly controllers: readonly unknown[];
}

/** What `createApp` (or `buildDocument`) gives at the top level. */
export interface RootDefinition {
  readonly imports?: unknown;
  readonly controllers?: unknown;
  readonly providers?: unknown;
}

const definitionKeys = new Set(["imports", "controllers", "providers", "exports"]);

function listOf(
  value: unknown,
  owner: string,
  key: string,
  code: "INVALID_MODULE" | "INVALID_OPTION",
) {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw code === "INVALID_OPTION"
      ? configError(code, [owner, key, "an array"])
      : configError(code, [owner, `${key} must be an array`]);
  }
  return value as readonly unknown[];
}

function checkedDefinition(target: Function): Record<string, unknown> {
  const definition = moduleDefinition(target);
  if (definition === null || typeof definition !== "object") {
    throw configError("INVALID_MODULE", [
      target.name,
      "needs an object { imports, controllers, providers, exports }",
    ]);
  }
  const unknown = Object.keys(definition).filter((key) => !definitionKeys.has(key));
  if (unknown.length > 0) {
    throw configError("INVALID_MODULE", [
      target.name,
      `does not know ${unknown.join(", ")} (it takes imports, controllers, providers, exports)`,
    ]);
  }
  return definition as Record<string, unknown>;
}

/**
 * Reads the module graph once, from `createApp`'s own lists and the modules it imports, and checks
 * it: imports are modules, no module imports itself through others (the message shows the
 * cycle), a module exports only what it declares or imports, and no token is provided by two
 * modules. A module imported by several others is one module, whose providers exist once.
 */
export function buildModuleGraph(root: RootDefinition, caller = "createApp"): ModuleGraph {
  const owners = new Map<unknown, ModuleNode>();
  const controllerModules = new Map<unknown, ModuleNode>();
  const done = new Map<Function, ModuleNode>();
  const order: ModuleNode[] = [];
  const path: Function[] = [];

  const declare = (node: ModuleNode) => {
    for (const provider of node.providers) {
      const other = owners.get(provider.token);
      if (other !== undefined && other !== node) {
        throw configError("DUPLICATE_PROVIDER", [tokenName(provider.token), other.name, node.name]);
      }
      owners.set(provider.token, node);
    }
    for (const controller of node.controllers) {
      if (!controllerModules.has(controller)) controllerModules.set(controller, node);
    }
  };

  const node = (
    name: string,
    target: Function | undefined,
    definition: Record<string, unknown>,
    code: "INVALID_MODULE" | "INVALID_OPTION",
  ): ModuleNode => {
    const imports = listOf(definition.imports, name, "imports", code).map((item, index) => {
      if (!isModule(item)) {
        const got = typeof item === "function" ? `class ${item.name} (no @Module)` : String(item);
        throw configError("NOT_A_MODULE", [name, index, got]);
      }
      return visit(item);
    });
    const controllers = listOf(definition.controllers, name, "controllers", code);
    const providers = normalizeProviders(
      listOf(definition.providers, name, "providers", code),
      name,
    );
    const exportList = listOf(definition.exports, name, "exports", "INVALID_MODULE");
    const own = new Set(providers.map((provider) => provider.token));
    const exports = new Set<unknown>();
    for (const item of exportList) {
      const imported = imports.find((module) => module.target === item);
      if (imported !== undefined) {
        for (const token of imported.exports) exports.add(token);
      } else if (
        isToken(item) &&
        !isModule(item) &&
        (own.has(item) || imports.some((module) => module.exports.has(item)))
      ) {
        exports.add(item);
      } else {
        const what = isModule(item)
          ? `the module ${item.name}, which it does not import`
          : `${tokenName(item)}, which it neither provides nor imports from a module that exports it`;
        throw configError("INVALID_MODULE_EXPORT", [name, what]);
      }
    }
    const visible = new Set<unknown>(own);
    for (const module of imports) for (const token of module.exports) visible.add(token);
    return { name, target, imports, controllers, providers, exports, exportList, visible };
  };

  const visit = (target: Function): ModuleNode => {
    const known = done.get(target);
    if (known !== undefined) return known;
    const start = path.indexOf(target);
    if (start !== -1) {
      const cycle = [...path.slice(start), target].map((module) => module.name).join(" -> ");
      throw configError("MODULE_IMPORT_CYCLE", [cycle]);
    }
    path.push(target);
    const built = node(target.name, target, checkedDefinition(target), "INVALID_MODULE");
    path.pop();
    done.set(target, built);
    order.push(built);
    return built;
  };

  const top = node(caller, undefined, { ...root, exports: undefined }, "INVALID_OPTION");
  // createApp's own first, then the modules, those imported before their importers.
  const modules = [top, ...order];
  for (const module of modules) declare(module);
  const controllers = modules.flatMap((module) => module.controllers);
  return { root: top, modules, owners, controllerModules, controllers };
}

/** A module as data (`app.modules`): names only, for tools and the module graph page. */
export interface ModuleInfo {
  readonly name: string;
  readonly imports: readonly string[];
  readonly controllers: readonly string[];
  readonly providers: readonly string[];
  readonly exports: readonly string[];
}

/** The graph as plain data. */
export function describeModules(graph: ModuleGraph): ModuleInfo[] {
  const nameOf = (value: unknown) =>
    typeof value === "function" ? value.name || "(anonymous)" : tokenName(value);
  return graph.modules.map((module) => ({
    name: module.name,
    imports: module.imports.map((imported) => imported.name),
    controllers: module.controllers.map(nameOf),
    providers: module.providers.map((provider) => nameOf(provider.token)),
    exports: module.exportList.map(nameOf),
  }));
}
