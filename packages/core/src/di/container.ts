// Reads `design:paramtypes`, which needs Reflect.getMetadata.
import "reflect-metadata";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { peekClassMetadata } from "../metadata/metadata-store.js";
import { injectedTokens, isInjectable } from "./injection-metadata.js";
import { type NormalizedProvider, tokenName } from "./provider.js";

// Reflected types that name a shape TypeScript could not emit (interfaces, unions, primitives).
const vagueTypes = new Set<unknown>([Object, String, Number, Boolean, Array, Function, Promise]);

const isThenable = (value: unknown): boolean =>
  value !== null &&
  (typeof value === "object" || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function";

/** One constructor parameter to inject. */
interface Dependency {
  readonly index: number;
  readonly token: unknown;
}

/**
 * The app's dependency-injection container: singletons made on first use (all of them at
 * startup), constructor parameters resolved by `@Inject` token or reflected type. Every mistake is
 * a `TrellisConfigError` before a request is served: a missing provider (naming the consumer, the
 * parameter and the token), a cycle (naming the chain), a constructor or factory that throws.
 */
export class Container {
  private readonly providers = new Map<unknown, NormalizedProvider>();
  private readonly instances = new Map<unknown, unknown>();
  private readonly constructed = new Map<Function, object>();
  private readonly resolving: unknown[] = [];

  constructor(providers: readonly NormalizedProvider[] = []) {
    // A later provider of the same token replaces an earlier one (handy for test overrides).
    for (const provider of providers) this.providers.set(provider.token, provider);
  }

  /** Makes every provider's instance now, so a broken one fails at startup even if unused. */
  instantiateAll(): void {
    for (const token of this.providers.keys()) this.resolve(token, "createApp providers");
  }

  /** The singleton of `token`; `consumer` says who needs it, for the error when none exists. */
  resolve(token: unknown, consumer: string): unknown {
    if (this.instances.has(token)) return this.instances.get(token);
    const provider = this.providers.get(token);
    if (!provider) throw missingProvider(token, consumer);
    const instance = this.within(token, () => this.make(provider));
    this.instances.set(token, instance);
    return instance;
  }

  /**
   * The one instance of a class the app uses directly (a controller, guard or interceptor):
   * its provider's instance when it is registered, else constructed here once, with injection.
   */
  instance(target: Function): object {
    if (this.providers.has(target)) return this.resolve(target, target.name) as object;
    let instance = this.constructed.get(target);
    if (!instance) {
      instance = this.within(target, () => this.construct(target)) as object;
      this.constructed.set(target, instance);
    }
    return instance;
  }

  private make(provider: NormalizedProvider): unknown {
    if (provider.kind === "value") return provider.value;
    if (provider.kind === "class") return this.construct(provider.useClass);
    const name = tokenName(provider.token);
    const args = provider.inject.map((token, index) =>
      this.resolve(token, `the factory of ${name} (inject[${index}])`),
    );
    let value: unknown;
    try {
      value = provider.factory(...args);
    } catch (error) {
      throw failed(`the factory of ${name}`, error);
    }
    if (isThenable(value)) {
      throw new TrellisConfigError(
        "INVALID_PROVIDER",
        `the factory of ${name} returned a promise; createApp is synchronous, so await the value first and provide it with useValue.`,
      );
    }
    return value;
  }

  private construct(target: Function): unknown {
    const misplaced = peekClassMetadata(target)?.misplaced[0];
    if (misplaced !== undefined) {
      throw new TrellisConfigError("INVALID_DECORATOR_TARGET", `${target.name}: ${misplaced}.`);
    }
    const args = dependenciesOf(target).map(({ index, token }) =>
      this.resolve(token, `${target.name} constructor parameter #${index}`),
    );
    try {
      return new (target as new (...args: unknown[]) => unknown)(...args);
    } catch (error) {
      throw failed(`${target.name}'s constructor`, error);
    }
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

/** The constructor parameters of a class: `@Inject` tokens first, else the reflected types. */
function dependenciesOf(target: Function): Dependency[] {
  // The nearest class that declares a constructor signature (a subclass without one inherits it).
  let owner: Function = target;
  for (
    let current: unknown = target;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    const candidate = current as Function;
    if (
      Reflect.getOwnMetadata("design:paramtypes", candidate) !== undefined ||
      injectedTokens(candidate).size > 0
    ) {
      owner = candidate;
      break;
    }
  }
  const reflected: unknown[] = Reflect.getOwnMetadata("design:paramtypes", owner) ?? [];
  const explicit = injectedTokens(owner);
  let count = Math.max(reflected.length, target.length);
  for (const index of explicit.keys()) count = Math.max(count, index + 1);

  const dependencies: Dependency[] = [];
  for (let index = 0; index < count; index++) {
    const token = explicit.has(index) ? explicit.get(index) : reflected[index];
    if (token === undefined) {
      const hint = isInjectable(target)
        ? "its type was not emitted (an import cycle?)"
        : "TypeScript emits parameter types only for decorated classes: mark it @Injectable()";
      throw new TrellisConfigError(
        "MISSING_PROVIDER",
        `${target.name} constructor parameter #${index} has no injection token: ${hint}, or name the token with @Inject(token).`,
      );
    }
    dependencies.push({ index, token });
  }
  return dependencies;
}

function missingProvider(token: unknown, consumer: string): TrellisConfigError {
  const vague = vagueTypes.has(token)
    ? ` (the type was reflected as ${tokenName(token)}: an interface, union or type-only import; name the token with @Inject(token))`
    : "";
  return new TrellisConfigError(
    "MISSING_PROVIDER",
    `${consumer} needs ${tokenName(token)}, which no provider supplies${vague}. Add it to createApp({ providers }).`,
  );
}

function failed(what: string, error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new TrellisConfigError("PROVIDER_FAILED", `${what} threw: ${reason}`, { cause: error });
}
