import { configError } from "../errors/core-config-error.js";
import type { InjectionToken, ProviderScope } from "./injection-metadata.js";

/** A class the container can construct. */
type Constructable = new (...args: never[]) => unknown;

/**
 * A dependency-injection provider given in `createApp({ providers })`: a class (its own token),
 * or an object naming the token and how to make its one instance.
 */
export type Provider =
  | Constructable
  | {
      readonly provide: InjectionToken;
      readonly useClass: Constructable;
      /** `"request"`: one instance per request (default: the class's `@Injectable` scope). */
      readonly scope?: ProviderScope;
    }
  | { readonly provide: InjectionToken; readonly useValue: unknown }
  | {
      readonly provide: InjectionToken;
      /** Makes the value; may be async (then `app.ready` waits for it). */
      readonly useFactory: (...args: never[]) => unknown;
      /** Tokens whose instances are passed to the factory, in order. */
      readonly inject?: readonly InjectionToken[];
      /** `"request"`: called once per request (then it must be synchronous). */
      readonly scope?: ProviderScope;
    };

/** A provider in the one shape the container uses. */
export type NormalizedProvider =
  | {
      readonly kind: "class";
      readonly token: unknown;
      readonly useClass: Function;
      /** Undefined: the class's own `@Injectable` scope decides. */
      readonly scope?: ProviderScope;
    }
  | { readonly kind: "value"; readonly token: unknown; readonly value: unknown }
  | {
      readonly kind: "factory";
      readonly token: unknown;
      readonly factory: (...args: unknown[]) => unknown;
      readonly inject: readonly unknown[];
      readonly scope?: ProviderScope;
    };

/** A readable name for a token in error messages. */
export function tokenName(token: unknown): string {
  if (typeof token === "function") return token.name || "(anonymous class)";
  if (typeof token === "string") return JSON.stringify(token);
  if (typeof token === "symbol") return token.toString();
  return String(token);
}

/** True for a value that can be a token: a class (any function), a string or a symbol. */
export function isToken(value: unknown): boolean {
  return (
    typeof value === "function" ||
    (typeof value === "string" && value !== "") ||
    typeof value === "symbol"
  );
}

const invalid = (where: string, reason: string) => configError("INVALID_PROVIDER", [where, reason]);

const scopes: readonly unknown[] = [undefined, "singleton", "request"];

// An `async` function always returns a promise: a request-scoped factory cannot be one.
const AsyncFunction = (async () => {}).constructor;

/** Checks one `providers` entry (`where` names it) and brings it into the normalized shape. */
export function normalizeProvider(provider: unknown, where: string): NormalizedProvider {
  if (typeof provider === "function") {
    return { kind: "class", token: provider, useClass: provider };
  }
  if (provider === null || typeof provider !== "object" || !("provide" in provider)) {
    throw invalid(
      where,
      "expected a class or { provide, useClass | useValue | useFactory }, got " +
        (provider === null ? "null" : typeof provider),
    );
  }
  const given = provider as Record<string, unknown>;
  const token = given.provide;
  if (!isToken(token)) {
    throw invalid(where, "provide must be a class, a non-empty string or a symbol");
  }
  const ways = ["useClass", "useValue", "useFactory"].filter((key) => key in given);
  if (ways.length !== 1) {
    throw invalid(
      where,
      `${tokenName(token)} needs exactly one of useClass, useValue, useFactory (got ${ways.length === 0 ? "none" : ways.join(", ")})`,
    );
  }
  if ("useValue" in given) return { kind: "value", token, value: given.useValue };
  const scope = given.scope as ProviderScope | undefined;
  if (!scopes.includes(scope)) {
    throw invalid(where, `scope of ${tokenName(token)} must be "singleton" or "request"`);
  }
  const scoped = scope === undefined ? {} : { scope };
  if ("useClass" in given) {
    if (typeof given.useClass !== "function") {
      throw invalid(where, `useClass of ${tokenName(token)} must be a class`);
    }
    return { kind: "class", token, useClass: given.useClass, ...scoped };
  }
  if (typeof given.useFactory !== "function") {
    throw invalid(where, `useFactory of ${tokenName(token)} must be a function`);
  }
  if (scope === "request" && given.useFactory instanceof AsyncFunction) {
    throw invalid(
      where,
      `the factory of ${tokenName(token)} is async, but a request-scoped factory runs per request and must return its value synchronously`,
    );
  }
  const inject = given.inject ?? [];
  if (!Array.isArray(inject) || !inject.every(isToken)) {
    throw invalid(
      where,
      `inject of ${tokenName(token)} must be an array of tokens (classes, strings, symbols)`,
    );
  }
  return {
    kind: "factory",
    token,
    factory: given.useFactory as (...args: unknown[]) => unknown,
    inject: [...inject],
    ...scoped,
  };
}

/**
 * Checks a `providers` list and brings every entry into the normalized shape; `owner` names where
 * the list is given (`createApp`, or a module's name).
 */
export function normalizeProviders(providers: unknown, owner = "createApp"): NormalizedProvider[] {
  if (providers === undefined) return [];
  if (!Array.isArray(providers)) {
    throw configError("INVALID_OPTION", [
      owner,
      "providers",
      "an array of classes or provider objects",
    ]);
  }
  return providers.map((provider, index) =>
    normalizeProvider(provider, `${owner} providers[${index}]`),
  );
}
