import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

// A peer that is not installed: its line is left out. Any other failure is a real error.
export const isMissingPackage = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "ERR_MODULE_NOT_FOUND" ||
    code === "MODULE_NOT_FOUND" ||
    /Cannot find (package|module)/.test(String((error as Error | null)?.message))
  );
};

/**
 * Loads a module synchronously, when it is first needed (Bun's `require` loads ES modules), or
 * gives undefined when its package is not installed. TypeBox 1.x is loaded this way: an app with
 * both TypeBox lines installed pays for the second only once it uses one of its schemas (an app
 * that builds 1.x schemas has loaded `typebox` already).
 */
export function requireOptional<T>(specifier: string): T | undefined {
  try {
    return requireHere(specifier) as T;
  } catch (error) {
    if (isMissingPackage(error)) return undefined;
    throw error;
  }
}
