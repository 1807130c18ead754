import type { Logger } from "../errors/logger.js";
import { AppState, REQUEST } from "./built-in-tokens.js";
import {
  dependencyCycle,
  missingProvider,
  notVisible,
  requestScopeInSingleton,
} from "./container-errors.js";
import {
  classDependencies,
  type Dependency,
  declaredClassScope,
  declaredScope,
  providerDependencies,
} from "./dependencies.js";
import type { ProviderScope } from "./injection-metadata.js";
import { hasHook } from "./lifecycle-hooks.js";
import { afterPending, callFactory, construct, Pending } from "./make-instance.js";
import type { ModuleNode } from "./module-graph.js";
import { type NormalizedProvider, tokenName } from "./provider.js";
import { type Maker, makeForRequest, type RequestScope } from "./request-scope.js";
import { rootModule } from "./root-module.js";
import { type HookedInstance, runInit, runShutdown } from "./run-lifecycle.js";
import { Topics } from "./topics.js";
import { WebSocketPublisher } from "./websocket-publisher.js";

interface Entry {
  readonly provider: NormalizedProvider;
  /** The module that declares it: its dependencies are resolved as that module sees them. */
  readonly module: ModuleNode;
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
  /** The app's topics (publish, and follow for SSE), injectable as `Topics`. */
  readonly topics = new Topics();
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
  private readonly hooked: HookedInstance[] = [];

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
    if (token === Topics) return this.topics;
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
      return afterPending(args, (values) => this.record(target.name, construct(target, values)));
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
    return runInit(this.hooked);
  }

  /** Runs every `onShutdown()` in reverse order, awaiting each; a failure is logged, not fatal. */
  runShutdown(logger: Logger): Promise<void> {
    return runShutdown(this.hooked, logger);
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
    if (token === AppState || token === WebSocketPublisher || token === Topics) return "singleton";
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
    const value = afterPending(args, (values) =>
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
      const value = makeForRequest(
        provider,
        makers.map((dependency) => dependency(scope)),
        name,
      );
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
    if (start !== -1) throw dependencyCycle([...this.resolving.slice(start), token]);
    this.resolving.push(token);
    try {
      return make();
    } finally {
      this.resolving.pop();
    }
  }
}
