/** What `@Module({ ... })` was given, as written (`buildModuleGraph` checks it). */
export interface ModuleDefinition {
  /** Modules whose exported providers this module's controllers and providers may use. */
  readonly imports?: readonly unknown[];
  /** Controller classes whose routes this module serves. */
  readonly controllers?: readonly unknown[];
  /** Providers declared here: visible to this module, and to importers when exported. */
  readonly providers?: readonly unknown[];
  /** Tokens of this module's providers (or of an imported module's exports), or imported modules. */
  readonly exports?: readonly unknown[];
}

const modules = new WeakMap<Function, unknown>();

/** Records `@Module(definition)` on a class. */
export function recordModule(target: Function, definition: unknown): void {
  modules.set(target, definition);
}

/** True when the class carries `@Module`. */
export function isModule(target: unknown): target is Function {
  return typeof target === "function" && modules.has(target);
}

/** The definition a class's `@Module` recorded, unchecked. */
export function moduleDefinition(target: Function): unknown {
  return modules.get(target);
}
