import type { Logger } from "../errors/logger.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { AppState, REQUEST } from "./built-in-tokens.js";
import {
  classDependencies,
  type Dependency,
  declaredClassScope,
  declaredScope,
  providerDependencies,
} from "./dependencies.js";
import type { ProviderScope } from "./injection-metadata.js";
import { hasHook } from "./lifecycle-hooks.js";
import type { ModuleNode } from "./module-graph.js";
import { type NormalizedProvider, tokenName } from "./provider.js";
import { WebSocketPublisher } from "./websocket-publisher.js";

// Reflected types that name a shape TypeScript could not emit (interfaces, unions, primitives).
const vagueTypes = new Set<unknown>([Object, String, Number, Boolean, Array, Function, Promise]);

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === "object" || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function";

/** An instance still being made by an async factory (or made from one). */
export class Pending {
  constructor(readonly promise: Promise<unknown>) {}
}

/** The instances of one request's request-scoped providers, made on first use. */
interface RequestScope {
  readonly request: Request;
  readonly made: Map<unknown, unknown>;
}

/** Makes (or finds) one request-scoped provider's instance within a request. */
type Maker = (scope: RequestScope) => unknown;

interface Entry {
  readonly provider: NormalizedProvider;
  /** The module that declares it: its dependencies are resolved as that module sees them. */
  readonly module: ModuleNode;
}

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

/**
 * The app's dependency-injection container. Singletons are made at startup, in dependency order
 * (an async factory makes its dependents wait for it); request-scoped providers, and whatever
 * depends on them, are made once per request that needs them. Every mistake is a
 * `TrellisConfigError` before a request is served: a missing or invisible provider (naming the
 * consumer, the parameter and the token), a cycle (naming the chain), a singleton that depends on
 * a request-scoped provider, a constructor or factory that throws.
 */
export class Container {
  /** The app's status, injectable as `AppState`. */
  readonly state = new AppState();
  /** The app's WebSocket publisher, injectable as `WebSocketPublisher`. */
  readonly publisher = new WebSocketPublisher();
  /** The module of `createApp`'s own controllers, providers and global pipeline items. */
  readonly root: ModuleNode;
  private readonly entries = new Map<unknown, Entry>();
  private readonly instances = new Map<unknown, unknown>();
  private readonly constructed = new Map<ModuleNode, Map<Function, unknown>>();
  private readonly scopes = new Map<unknown, ProviderScope>();
  private readonly classScopes = new Map<ModuleNode, Map<Function, ProviderScope>>();
  private readonly makers = new Map<unknown, Maker>();
  private readonly resolving: unknown[] = [];
  /** Instances with lifecycle hooks, in the order they were made (dependencies first). */
  private readonly hooked: { readonly name: string; readonly instance: object }[] = [];

  /** From the module graph's modules (root first), or from a plain provider list. */
  constructor(modules: readonly ModuleNode[] | readonly NormalizedProvider[] = []) {
    const nodes =
      modules.length > 0 && "visible" in (modules[0] as object)
        ? (modules as readonly ModuleNode[])
        : [rootModule(modules as readonly NormalizedProvider[])];
    this.root = nodes[0] as ModuleNode;
    // A later provider of the same token in one module replaces an earlier one (test overrides).
    for (const module of nodes) {
      for (const provider of module.providers)
        this.entries.set(provider.token, { provider, module });
    }
  }

  /**
   * Checks every provider's dependencies and scope, then makes every singleton, so a broken one
   * fails at startup even if unused. Returns a promise only when an async factory is pending.
   */
  instantiateAll(): void | Promise<void> {
    for (const [token, { module }] of this.entries) this.scopeOf(token, tokenName(token), module);
    const pending: Promise<unknown>[] = [];
    for (const [token, { module }] of this.entries) {
      if (this.scopes.get(token) === "request") continue;
      const value = this.resolve(token, tokenName(token), module);
      if (value instanceof Pending) pending.push(value.promise);
    }
    if (pending.length > 0) return Promise.all(pending).then(() => undefined);
  }

  /**
   * The singleton of `token` as `module` sees it (a `Pending` while an async factory runs);
   * `consumer` says who needs it, for the error when it is missing or not visible.
   */
  resolve(token: unknown, consumer: string, module: ModuleNode = this.root): unknown {
    if (token === AppState) return this.state;
    if (token === WebSocketPublisher) return this.publisher;
    if (this.instances.has(token)) {
      this.entryFor(token, consumer, module);
      return this.instances.get(token);
    }
    const entry = this.entryFor(token, consumer, module);
    if (entry === undefined || this.scopeOf(token, consumer, module) === "request") {
      throw requestScopeInSingleton(consumer, token);
    }
    const value = this.within(token, () => this.make(entry));
    this.instances.set(token, value);
    return value;
  }

  /**
   * The one instance of a class the app uses directly (a controller, guard or interceptor) in
   * `module`: its provider's instance when the module sees one, else constructed here once.
   */
  instance(target: Function, module: ModuleNode = this.root): unknown {
    if (this.entries.has(target) && module.visible.has(target)) {
      return this.resolve(target, target.name, module);
    }
    let made = this.constructed.get(module);
    if (made === undefined) {
      made = new Map();
      this.constructed.set(module, made);
    }
    if (made.has(target)) return made.get(target);
    if (this.classScope(target, module) === "request") {
      throw requestScopeInSingleton(`${target.name} (a guard or interceptor is a singleton)`);
    }
    const instance = this.within(target, () => {
      const args = classDependencies(target).map(({ token, consumer }) =>
        this.resolve(token, consumer, module),
      );
      return this.after(args, (values) => this.record(target.name, construct(target, values)));
    });
    made.set(target, instance);
    return instance;
  }

  /** "request" when a controller of `module` needs a request-scoped provider (transitively). */
  classScope(target: Function, module: ModuleNode = this.root): ProviderScope {
    let known = this.classScopes.get(module);
    if (known === undefined) {
      known = new Map();
      this.classScopes.set(module, known);
    }
    let scope = known.get(target);
    if (scope === undefined) {
      scope = this.within(target, () =>
        this.decide(target.name, declaredClassScope(target), classDependencies(target), module),
      );
      known.set(target, scope);
    }
    return scope;
  }

  /**
   * A request-scoped class's per-request constructor: each call makes a new instance, with one
   * instance of each request-scoped dependency shared within the request.
   */
  perRequest(target: Function, module: ModuleNode = this.root): (request: Request) => object {
    const makers = classDependencies(target).map(({ token, consumer }) =>
      this.maker(token, consumer, module),
    );
    const Class = target as new (...args: unknown[]) => object;
    return (request) => {
      const scope: RequestScope = { request, made: new Map() };
      return new Class(...makers.map((make) => make(scope)));
    };
  }

  /** Runs every `onInit()`, dependencies first, awaiting each; a promise only if one is async. */
  runInit(): void | Promise<void> {
    const list = this.hooked;
    let index = 0;
    const step = (): void | Promise<void> => {
      for (; index < list.length; index++) {
        const { name, instance } = list[index] as (typeof list)[number];
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
  async runShutdown(logger: Logger): Promise<void> {
    for (const { name, instance } of [...this.hooked].reverse()) {
      if (!hasHook(instance, "onShutdown")) continue;
      try {
        await (instance as { onShutdown(): unknown }).onShutdown();
      } catch (error) {
        logger.error(`${name}.onShutdown() failed`, error);
      }
    }
  }

  // The provider of `token`, checked visible from `module` (undefined for REQUEST).
  private entryFor(token: unknown, consumer: string, module: ModuleNode): Entry | undefined {
    if (token === REQUEST) return undefined;
    const entry = this.entries.get(token);
    if (entry === undefined) throw missingProvider(token, consumer, module);
    if (entry.module !== module && !module.visible.has(token)) {
      throw notVisible(token, consumer, module, entry.module);
    }
    return entry;
  }

  private scopeOf(token: unknown, consumer: string, module: ModuleNode): ProviderScope {
    if (token === AppState || token === WebSocketPublisher) return "singleton";
    const entry = this.entryFor(token, consumer, module);
    if (entry === undefined) return "request";
    let scope = this.scopes.get(token);
    if (scope === undefined) {
      const { provider } = entry;
      scope = this.within(token, () =>
        this.decide(
          tokenName(token),
          declaredScope(provider),
          providerDependencies(provider),
          entry.module,
        ),
      );
      this.scopes.set(token, scope);
    }
    return scope;
  }

  // Request-scoped when declared so or when a dependency is; an explicit singleton may not be.
  private decide(
    name: string,
    declared: ProviderScope | undefined,
    dependencies: readonly Dependency[],
    module: ModuleNode,
  ): ProviderScope {
    let perRequest: unknown;
    for (const { token, consumer } of dependencies) {
      if (this.scopeOf(token, consumer, module) === "request") perRequest ??= token;
    }
    if (declared !== undefined) {
      if (declared === "singleton" && perRequest !== undefined) {
        throw requestScopeInSingleton(`${name} (declared scope "singleton")`, perRequest);
      }
      return declared;
    }
    return perRequest === undefined ? "singleton" : "request";
  }

  private make({ provider, module }: Entry): unknown {
    if (provider.kind === "value") return provider.value;
    const name = tokenName(provider.token);
    const args = providerDependencies(provider).map(({ token, consumer }) =>
      this.resolve(token, consumer, module),
    );
    const value = this.after(args, (values) =>
      provider.kind === "class"
        ? construct(provider.useClass, values)
        : callFactory(provider.factory, values, name),
    );
    const settle = (made: unknown) => {
      this.instances.set(provider.token, made);
      return this.record(name, made);
    };
    if (value instanceof Pending) return new Pending(value.promise.then(settle));
    return settle(value);
  }

  // Calls `make` with the values of `args` now, or once the pending ones are made.
  private after(args: readonly unknown[], make: (values: unknown[]) => unknown): unknown {
    if (!args.some((arg) => arg instanceof Pending)) {
      return make(args as unknown[]);
    }
    return new Pending(
      Promise.all(args.map((arg) => (arg instanceof Pending ? arg.promise : arg))).then(
        (values) => {
          const made = make(values);
          return made instanceof Pending ? made.promise : made;
        },
      ),
    );
  }

  private record(name: string, instance: unknown): unknown {
    if (instance instanceof Pending) {
      return new Pending(instance.promise.then((made) => this.record(name, made)));
    }
    if (hasHook(instance, "onInit") || hasHook(instance, "onShutdown")) {
      this.hooked.push({ name, instance: instance as object });
    }
    return instance;
  }

  // A request-scoped token's maker; a singleton dependency is resolved once, here.
  private maker(token: unknown, consumer: string, module: ModuleNode): Maker {
    if (token === REQUEST) return (scope) => scope.request;
    if (this.scopeOf(token, consumer, module) === "singleton") {
      const value = this.resolve(token, consumer, module);
      return () => value;
    }
    const known = this.makers.get(token);
    if (known !== undefined) return known;
    const { provider, module: owner } = this.entryFor(token, consumer, module) as Entry;
    const name = tokenName(token);
    // Set before its dependencies' makers: scopeOf has ruled out cycles already.
    let makers: Maker[] = [];
    const make: Maker = (scope) => {
      if (scope.made.has(token)) return scope.made.get(token);
      const args = makers.map((dependency) => dependency(scope));
      let value: unknown;
      if (provider.kind === "class") {
        value = new (provider.useClass as new (...args: unknown[]) => unknown)(...args);
      } else if (provider.kind === "factory") {
        value = provider.factory(...args);
        if (isThenable(value)) {
          throw new Error(`the request-scoped factory of ${name} returned a promise`);
        }
      }
      scope.made.set(token, value);
      return value;
    };
    this.makers.set(token, make);
    makers = providerDependencies(provider).map((dependency) =>
      this.maker(dependency.token, dependency.consumer, owner),
    );
    return make;
  }

  // Tracks what is being made, so a dependency cycle is reported instead of overflowing the stack.
  private within<T>(token: unknown, make: () => T): T {
    const start = this.resolving.indexOf(token);
    if (start !== -1) {
      const chain = [...this.resolving.slice(start), token].map(tokenName).join(" -> ");
      throw new TrellisConfigError(
        "DEPENDENCY_CYCLE",
        `dependency cycle: ${chain}. Break it, for example with a factory provider.`,
      );
    }
    this.resolving.push(token);
    try {
      return make();
    } finally {
      this.resolving.pop();
    }
  }
}

function construct(target: Function, args: readonly unknown[]): unknown {
  try {
    return new (target as new (...args: unknown[]) => unknown)(...args);
  } catch (error) {
    throw failed(`${target.name}'s constructor`, error);
  }
}

function callFactory(factory: (...args: unknown[]) => unknown, args: unknown[], name: string) {
  let value: unknown;
  try {
    value = factory(...args);
  } catch (error) {
    throw failed(`the factory of ${name}`, error);
  }
  if (!isThenable(value)) return value;
  return new Pending(
    Promise.resolve(value).then(undefined, (error: unknown) => {
      throw failed(`the factory of ${name}`, error);
    }),
  );
}

function missingProvider(token: unknown, consumer: string, module: ModuleNode): TrellisConfigError {
  const vague = vagueTypes.has(token)
    ? ` (the type was reflected as ${tokenName(token)}: an interface, union or type-only import; name the token with @Inject(token))`
    : "";
  const where =
    module.target === undefined ? "createApp({ providers })" : `the providers of ${module.name}`;
  return new TrellisConfigError(
    "MISSING_PROVIDER",
    `${consumer} needs ${tokenName(token)}, which no provider supplies${vague}. Add it to ${where}.`,
  );
}

function notVisible(
  token: unknown,
  consumer: string,
  module: ModuleNode,
  owner: ModuleNode,
): TrellisConfigError {
  const name = tokenName(token);
  const fix = owner.exports.has(token)
    ? `import ${owner.name} into ${module.name}`
    : `add ${name} to the exports of ${owner.name} and import ${owner.name} into ${module.name}`;
  return new TrellisConfigError(
    "PROVIDER_NOT_VISIBLE",
    `${consumer} (in ${module.name}) needs ${name}, which ${owner.name} provides but ${module.name} cannot see: ${fix}.`,
  );
}

function requestScopeInSingleton(consumer: string, token?: unknown): TrellisConfigError {
  const what =
    token === undefined
      ? "a request-scoped provider"
      : `${tokenName(token)}, which is request-scoped`;
  return new TrellisConfigError(
    "REQUEST_SCOPE_IN_SINGLETON",
    `${consumer} is made once for the app but depends on ${what}. Drop the singleton scope (it then becomes request-scoped too), or inject something app-wide instead.`,
  );
}

function failed(what: string, error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new TrellisConfigError("PROVIDER_FAILED", `${what} threw: ${reason}`, { cause: error });
}

function initFailed(name: string, error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new TrellisConfigError("PROVIDER_INIT_FAILED", `${name}.onInit() failed: ${reason}`, {
    cause: error,
  });
}
