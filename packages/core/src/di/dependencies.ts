// Reads `design:paramtypes`, which needs Reflect.getMetadata.
import "reflect-metadata";
import { configError } from "../errors/core-config-error.js";
import { peekClassMetadata } from "../metadata/metadata-store.js";
import {
  injectableScope,
  injectedTokens,
  isInjectable,
  type ProviderScope,
} from "./injection-metadata.js";
import { type NormalizedProvider, tokenName } from "./provider.js";

/** One dependency to inject: its token, and who needs it (for error messages). */
export interface Dependency {
  readonly token: unknown;
  readonly consumer: string;
}

/** The constructor parameters of a class: `@Inject` tokens first, else the reflected types. */
export function classDependencies(target: Function): Dependency[] {
  const misplaced = peekClassMetadata(target)?.misplaced[0];
  if (misplaced !== undefined) {
    throw configError("INVALID_DECORATOR_TARGET", [target.name, misplaced]);
  }
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
      throw configError("MISSING_PROVIDER", [
        `${target.name} constructor parameter #${index}`,
        `has no injection token: ${hint}, or name the token with @Inject(token)`,
      ]);
    }
    dependencies.push({ token, consumer: `${target.name} constructor parameter #${index}` });
  }
  return dependencies;
}

/** What a provider needs to be made. */
export function providerDependencies(provider: NormalizedProvider): Dependency[] {
  if (provider.kind === "value") return [];
  if (provider.kind === "class") return classDependencies(provider.useClass);
  const name = tokenName(provider.token);
  return provider.inject.map((token, index) => ({
    token,
    consumer: `the factory of ${name} (inject[${index}])`,
  }));
}

/** The scope a class's `@Injectable` gives, checked. */
export function declaredClassScope(target: Function): ProviderScope | undefined {
  const scope = injectableScope(target);
  if (scope === undefined || scope === "singleton" || scope === "request") return scope;
  throw configError("INVALID_PROVIDER", [
    target.name,
    `@Injectable scope ${JSON.stringify(scope)} is not "singleton" or "request"`,
  ]);
}

/** The scope a provider declares (undefined: decided by what it depends on). */
export function declaredScope(provider: NormalizedProvider): ProviderScope | undefined {
  if (provider.kind === "value") return "singleton";
  if (provider.scope !== undefined) return provider.scope;
  return provider.kind === "class" ? declaredClassScope(provider.useClass) : undefined;
}
