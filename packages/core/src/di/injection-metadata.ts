/** What can identify a dependency: a class, a string or a symbol. */
export type InjectionToken = (abstract new (...args: never[]) => unknown) | string | symbol;

/**
 * How long a provider's instance lives: `"singleton"`, one for the app (made at startup), or
 * `"request"`, one per request that needs it.
 */
export type ProviderScope = "singleton" | "request";

// Constructor parameter index -> token given by @Inject, per class.
const injected = new WeakMap<Function, Map<number, unknown>>();
// Class -> the scope its @Injectable gave, unchecked (undefined: none given).
const injectable = new WeakMap<Function, unknown>();

/** Records `@Inject(token)` on one constructor parameter. */
export function recordInjection(target: Function, index: number, token: unknown): void {
  let tokens = injected.get(target);
  if (!tokens) {
    tokens = new Map();
    injected.set(target, tokens);
  }
  tokens.set(index, token);
}

/** The `@Inject` tokens of a class's constructor, by parameter index (empty when none). */
export function injectedTokens(target: Function): ReadonlyMap<number, unknown> {
  return injected.get(target) ?? new Map();
}

/** Records `@Injectable(options?)`. */
export function markInjectable(target: Function, scope?: unknown): void {
  injectable.set(target, scope);
}

/** The scope a class's `@Injectable` names, if any, as written (the container checks it). */
export function injectableScope(target: Function): unknown {
  return injectable.get(target);
}

/** True when the class carries `@Injectable()`. */
export function isInjectable(target: Function): boolean {
  return injectable.has(target);
}
