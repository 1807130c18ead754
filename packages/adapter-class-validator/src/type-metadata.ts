import { createRequire } from "node:module";
import type { TypeMetadata } from "class-transformer";

interface TransformerMetadataStorage {
  findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
  findTransformMetadatas(target: Function, propertyName: string, type: number): unknown[];
  getStrategy(target: Function): string;
  getExposedMetadatas(target: Function): unknown[];
  getExcludedMetadatas(target: Function): unknown[];
}

// class-transformer keeps its decorators' metadata in a storage its package index does not
// export. Node and Bun load the package's CommonJS build (its `main`), so that is the storage to
// read; a bundler that picks the ESM build for the app would keep a second, empty storage.
const { defaultMetadataStorage } = createRequire(import.meta.url)(
  "class-transformer/cjs/storage.js",
) as { defaultMetadataStorage: TransformerMetadataStorage };

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
