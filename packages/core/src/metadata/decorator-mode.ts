import { configError } from "../errors/core-config-error.js";

/** The tsconfig settings Trellis's decorators need, as a message ends with them. */
export const decoratorFlags =
  'set "experimentalDecorators": true, "emitDecoratorMetadata": true and "useDefineForClassFields": false in compilerOptions of the tsconfig.json the runtime reads (Bun reads the one in the working directory)';

/** The context a decorator receives when called the TC39 way: `(value, context)`. */
interface StandardContext {
  readonly kind: string;
  readonly name?: unknown;
}

// Members decorated the TC39 way before their class decorator (or createApp) could report them.
const standardMembers: string[] = [];

/**
 * True when a decorator's second argument is a TC39 decorator context. That happens when
 * `experimentalDecorators` is off: the runtime then drops parameter decorators without a word,
 * so every route would silently lose its bindings.
 */
export function isStandardCall(second: unknown): second is StandardContext {
  return (
    second !== null &&
    typeof second === "object" &&
    typeof (second as { kind?: unknown }).kind === "string"
  );
}

/**
 * Reports a TC39 call. A class decorator throws at once, naming the class and the members seen;
 * a member decorator cannot know its class, so it records the member for the class decorator or
 * `createApp` (`assertLegacyDecorators`) to report.
 */
export function standardCall(decorator: string, context: StandardContext): void {
  if (context.kind !== "class") {
    standardMembers.push(`${decorator} on ${String(context.name)}`);
    return;
  }
  const members = standardMembers.splice(0);
  const seen = members.length > 0 ? ` (also ${members.join(", ")})` : "";
  throw configError("DECORATORS_NOT_ENABLED", [
    `${decorator} on class ${String(context.name)}${seen}`,
    decoratorFlags,
  ]);
}

/** Throws when a member decorator was called the TC39 way and nothing has reported it yet. */
export function assertLegacyDecorators(): void {
  if (standardMembers.length === 0) return;
  const members = standardMembers.splice(0);
  throw configError("DECORATORS_NOT_ENABLED", [members.join(", "), decoratorFlags]);
}
