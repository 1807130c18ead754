import { Expose, type TypeMetadata } from "class-transformer";
// class-transformer ships no types for its storage modules (read as `TransformerMetadataStorage`).
// @ts-expect-error
import { defaultMetadataStorage as commonJsStorage } from "class-transformer/cjs/storage.js";
// @ts-expect-error
import { defaultMetadataStorage as esm5Storage } from "class-transformer/esm5/storage.js";
// @ts-expect-error
import { defaultMetadataStorage as es2015Storage } from "class-transformer/esm2015/storage.js";

interface ExposeMetadata {
  readonly propertyName?: string;
  readonly options?: { readonly name?: string };
}

interface TransformerMetadataStorage {
  findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
  findTransformMetadatas(target: Function, propertyName: string, type: number): unknown[];
  getStrategy(target: Function): string;
  getExposedMetadatas(target: Function): ExposeMetadata[];
  getExcludedMetadatas(target: Function): unknown[];
}

// The storage's own maps (class -> property name -> metadata): read to list every property a class
// (or a base class) has class-transformer metadata for, which no public method answers.
type ByClass = Map<unknown, Map<unknown, unknown>>;
const metadataMaps = [
  "_typeMetadatas",
  "_transformMetadatas",
  "_exposeMetadatas",
  "_excludeMetadatas",
];

// class-transformer keeps its decorators' metadata in a storage its package index does not
// export, one per build: Bun loads the CommonJS build (the package's `main`), a bundle such as
// `bun build --compile` the ESM one (`module`). All three are imported, so a bundler sees them;
// the one the app's decorators write to is found by decorating a probe with `@Expose` (which,
// unlike `@Type`, needs no reflect-metadata loaded yet).
class TransformerProbe {}
Expose()(TransformerProbe.prototype, "probe");
const defaultMetadataStorage = (
  [commonJsStorage, esm5Storage, es2015Storage] as TransformerMetadataStorage[]
).find(
  (storage) => storage.getExposedMetadatas(TransformerProbe).length > 0,
) as TransformerMetadataStorage;

// class-transformer's TransformationType.PLAIN_TO_CLASS.
const plainToClass = 0;

/** The `@Type(() => Class, options)` metadata of a property (own or inherited), if any. */
export function findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined {
  return defaultMetadataStorage.findTypeMetadata(target, propertyName);
}

/**
 * True when class-transformer would do more than copy these properties into a new instance:
 * `@Type`, `@Transform`, `@Expose` or `@Exclude` on the class (or a base class) or on one of them.
 */
export function hasTransformerMetadata(target: Function, properties: Iterable<string>): boolean {
  const storage = defaultMetadataStorage;
  if (storage.getStrategy(target) !== "none") return true;
  if (storage.getExposedMetadatas(target).length > 0) return true;
  if (storage.getExcludedMetadatas(target).length > 0) return true;
  for (const name of properties) {
    if (storage.findTypeMetadata(target, name) !== undefined) return true;
    if (storage.findTransformMetadatas(target, name, plainToClass).length > 0) return true;
  }
  return false;
}

/** What class-transformer does with a class's properties, read once per class for the input views. */
export interface TransformerShape {
  /**
   * Every property the class (or a base class) has class-transformer metadata for (`@Type`,
   * `@Transform`, `@Expose`, `@Exclude`); undefined when the storage cannot be read that way.
   */
  readonly properties: ReadonlySet<string> | undefined;
  /**
   * The properties whose value class-transformer may replace, rename or drop (`@Transform`,
   * `@Expose`, `@Exclude`); undefined when the storage cannot be read that way.
   */
  readonly reshaped: ReadonlySet<string> | undefined;
  /** The plain keys `@Expose({ name })` maps onto properties. */
  readonly exposedNames: ReadonlySet<string>;
  /** The class copies every key (no class-level `@Expose()` / `@Exclude()`). */
  readonly exposesAll: boolean;
  /**
   * Nothing but `@Type(() => Class)` (a type function that takes no argument): no `@Transform`,
   * `@Expose` or `@Exclude`, so no user code reads the plain object being transformed.
   */
  readonly typesOnly: boolean;
}

/** Reads `TransformerShape` of a class from class-transformer's storage. */
export function transformerShapeOf(target: Function): TransformerShape {
  const storage = defaultMetadataStorage;
  const exposed = storage.getExposedMetadatas(target);
  const exposedNames = new Set<string>();
  for (const metadata of exposed) {
    if (typeof metadata.options?.name === "string") exposedNames.add(metadata.options.name);
  }
  const exposesAll = storage.getStrategy(target) === "none";
  const maps = metadataMaps.map(
    (name) => (storage as unknown as Record<string, unknown>)[name],
  ) as ByClass[];
  if (!maps.every((map) => map instanceof Map)) {
    return {
      properties: undefined,
      reshaped: undefined,
      exposedNames,
      exposesAll,
      typesOnly: false,
    };
  }
  const [types, ...others] = maps as [ByClass, ...ByClass[]];
  const properties = new Set<string>();
  const reshaped = new Set<string>();
  let typesOnly = exposesAll;
  for (
    let current: unknown = target;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    for (const [name, metadata] of types.get(current) ?? []) {
      if (typeof name === "string") properties.add(name);
      const typeFunction = (metadata as TypeMetadata).typeFunction;
      if (typeof typeFunction === "function" && typeFunction.length > 0) typesOnly = false;
    }
    for (const map of others) {
      for (const name of map.get(current)?.keys() ?? []) {
        if (typeof name === "string") {
          properties.add(name);
          reshaped.add(name);
        }
        typesOnly = false; // a @Transform, or an @Expose/@Exclude (class-level ones included)
      }
    }
  }
  return { properties, reshaped, exposedNames, exposesAll, typesOnly };
}
