/** What can identify a dependency: a class, a string or a symbol. */
export type InjectionToken = (abstract new (...args: never[]) => unknown) | string | symbol;

// Constructor parameter index -> token given by @Inject, per class.
const injected = new WeakMap<Function, Map<number, unknown>>();
const injectable = new WeakSet<Function>();

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

/** Records `@Injectable()`. */
export function markInjectable(target: Function): void {
  injectable.add(target);
}

/** True when the class carries `@Injectable()`. */
export function isInjectable(target: Function): boolean {
  return injectable.has(target);
}
