import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { InjectionToken } from "./injection-metadata.js";

/** A class the container can construct. */
type Constructable = new (...args: never[]) => unknown;

/**
 * A dependency-injection provider given in `createApp({ providers })`: a class (its own token),
 * or an object naming the token and how to make its one instance.
 */
export type Provider =
  | Constructable
  | { readonly provide: InjectionToken; readonly useClass: Constructable }
  | { readonly provide: InjectionToken; readonly useValue: unknown }
  | {
      readonly provide: InjectionToken;
      readonly useFactory: (...args: never[]) => unknown;
      /** Tokens whose instances are passed to the factory, in order. */
      readonly inject?: readonly InjectionToken[];
    };

/** A provider in the one shape the container uses. */
export type NormalizedProvider =
  | { readonly kind: "class"; readonly token: unknown; readonly useClass: Function }
  | { readonly kind: "value"; readonly token: unknown; readonly value: unknown }
  | {
      readonly kind: "factory";
      readonly token: unknown;
      readonly factory: (...args: unknown[]) => unknown;
      readonly inject: readonly unknown[];
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

const invalid = (index: number, reason: string) =>
  new TrellisConfigError("INVALID_PROVIDER", `createApp providers[${index}]: ${reason}.`);

/** Checks one `providers` entry and brings it into the normalized shape. */
export function normalizeProvider(provider: unknown, index: number): NormalizedProvider {
  if (typeof provider === "function") {
    return { kind: "class", token: provider, useClass: provider };
  }
  if (provider === null || typeof provider !== "object" || !("provide" in provider)) {
    throw invalid(
      index,
      "expected a class or { provide, useClass | useValue | useFactory }, got " +
        (provider === null ? "null" : typeof provider),
    );
  }
  const given = provider as Record<string, unknown>;
  const token = given.provide;
  if (!isToken(token)) {
    throw invalid(index, "provide must be a class, a non-empty string or a symbol");
  }
  const ways = ["useClass", "useValue", "useFactory"].filter((key) => key in given);
  if (ways.length !== 1) {
    throw invalid(
      index,
      `${tokenName(token)} needs exactly one of useClass, useValue, useFactory (got ${ways.length === 0 ? "none" : ways.join(", ")})`,
    );
  }
  if ("useValue" in given) return { kind: "value", token, value: given.useValue };
  if ("useClass" in given) {
    if (typeof given.useClass !== "function") {
      throw invalid(index, `useClass of ${tokenName(token)} must be a class`);
    }
    return { kind: "class", token, useClass: given.useClass };
  }
  if (typeof given.useFactory !== "function") {
    throw invalid(index, `useFactory of ${tokenName(token)} must be a function`);
  }
  const inject = given.inject ?? [];
  if (!Array.isArray(inject) || !inject.every(isToken)) {
    throw invalid(
      index,
      `inject of ${tokenName(token)} must be an array of tokens (classes, strings, symbols)`,
    );
  }
  return {
    kind: "factory",
    token,
    factory: given.useFactory as (...args: unknown[]) => unknown,
    inject: [...inject],
  };
}

/** Checks the `providers` option and brings every entry into the normalized shape. */
export function normalizeProviders(providers: unknown): NormalizedProvider[] {
  if (providers === undefined) return [];
  if (!Array.isArray(providers)) {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      "createApp: providers must be an array of classes or provider objects.",
    );
  }
  return providers.map(normalizeProvider);
}
