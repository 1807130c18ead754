import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { ModuleNode } from "./module-graph.js";
import { tokenName } from "./provider.js";

// Reflected types that name a shape TypeScript could not emit (interfaces, unions, primitives).
const vagueTypes = new Set<unknown>([Object, String, Number, Boolean, Array, Function, Promise]);

/** No provider supplies `token` to `consumer` in `module`. */
export function missingProvider(
  token: unknown,
  consumer: string,
  module: ModuleNode,
): TrellisConfigError {
  const vague = vagueTypes.has(token)
    ? ` (the type was reflected as ${tokenName(token)}: an interface, union or type-only import; name the token with @Inject(token))`
    : "";
  const where =
    module.target === undefined ? "createApp({ providers })" : `the providers of ${module.name}`;
  return configError("MISSING_PROVIDER", [
    consumer,
    `needs ${tokenName(token)}, which no provider supplies${vague}. Add it to ${where}`,
  ]);
}

/** A provider of `token` exists, but in a module `module` does not import it from. */
export function notVisible(
  token: unknown,
  consumer: string,
  module: ModuleNode,
  owner: ModuleNode,
): TrellisConfigError {
  const name = tokenName(token);
  const fix = owner.exports.has(token)
    ? `import ${owner.name} into ${module.name}`
    : `add ${name} to the exports of ${owner.name} and import ${owner.name} into ${module.name}`;
  return configError("PROVIDER_NOT_VISIBLE", [
    consumer,
    module.name,
    name,
    owner.name,
    module.name,
    fix,
  ]);
}

/** A singleton (a `consumer` made once) depends on a request-scoped provider. */
export function requestScopeInSingleton(consumer: string, token?: unknown): TrellisConfigError {
  const what =
    token === undefined
      ? "a request-scoped provider"
      : `${tokenName(token)}, which is request-scoped`;
  return configError("REQUEST_SCOPE_IN_SINGLETON", [consumer, what]);
}

/** Providers that depend on each other in a cycle (the chain names them in order). */
export function dependencyCycle(chain: readonly unknown[]): TrellisConfigError {
  return configError("DEPENDENCY_CYCLE", [chain.map(tokenName).join(" -> ")]);
}

/** A constructor or factory threw (`what` names it); a config error it threw passes through. */
export function providerFailed(what: string, error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return configError("PROVIDER_FAILED", [what, reason], { cause: error });
}

/** An `onInit()` threw or rejected; a config error it threw passes through. */
export function initFailed(name: string, error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return configError("PROVIDER_INIT_FAILED", [name, reason], { cause: error });
}
