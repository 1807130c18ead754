/** What `@Describe` and `@Example` recorded for a model class or one of its properties. */
export interface Documentation {
  readonly description?: string;
  readonly examples?: readonly unknown[];
}

interface ClassDocumentation {
  own?: Documentation;
  readonly properties: Map<string, Documentation>;
}

const store = new WeakMap<Function, ClassDocumentation>();

function record(target: object, key: string | symbol | undefined, add: Documentation): void {
  const owner = (key === undefined ? target : target.constructor) as Function;
  let entry = store.get(owner);
  if (!entry) {
    entry = { properties: new Map() };
    store.set(owner, entry);
  }
  const before = key === undefined ? entry.own : entry.properties.get(String(key));
  // Decorators run bottom-up: a second @Example goes before the first, as written.
  const merged: Documentation = {
    ...before,
    ...(add.description === undefined ? {} : { description: add.description }),
    ...(add.examples === undefined
      ? {}
      : { examples: [...add.examples, ...(before?.examples ?? [])] }),
  };
  if (key === undefined) entry.own = merged;
  else entry.properties.set(String(key), merged);
}

/**
 * Describes a model class or a property in the OpenAPI document (the schema's `description`).
 * Documentation only: validation is unchanged.
 *
 * @example
 * @Describe("Someone who uses the service")
 * class Person {
 *   @Describe("Full name") @IsString() name!: string;
 * }
 */
export function Describe(text: string): ClassDecorator & PropertyDecorator {
  return ((target: object, key?: string | symbol) =>
    record(target, key, { description: text })) as ClassDecorator & PropertyDecorator;
}

/**
 * An example value of a model class or a property in the OpenAPI document (`examples` in 3.1,
 * `example` in 3.0, where the first one is kept). Several `@Example` add up, in written order.
 *
 * @example
 * class Person {
 *   @Example("Ada Lovelace") @IsString() name!: string;
 * }
 */
export function Example(value: unknown): ClassDecorator & PropertyDecorator {
  return ((target: object, key?: string | symbol) =>
    record(target, key, { examples: [value] })) as ClassDecorator & PropertyDecorator;
}

/** The documentation of a class (`property` undefined) or of one of its properties, base classes included. */
export function documentationOf(target: Function, property?: string): Documentation | undefined {
  for (
    let current: unknown = target;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    const entry = store.get(current as Function);
    const found = property === undefined ? entry?.own : entry?.properties.get(property);
    if (found) return found;
  }
  return undefined;
}

/** `schema` with the documentation's `description` and `examples`, if any. */
export function documented<S extends Record<string, unknown>>(
  schema: S,
  documentation: Documentation | undefined,
): S {
  if (!documentation) return schema;
  const result: Record<string, unknown> = { ...schema };
  if (documentation.description !== undefined) result.description = documentation.description;
  if (documentation.examples !== undefined) result.examples = [...documentation.examples];
  return result as S;
}
