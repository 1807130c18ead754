import { createRequire } from "node:module";
import type { TypeMetadata } from "class-transformer";

interface TypeMetadataStorage {
  findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
}

// class-transformer keeps `@Type` metadata in a storage its package index does not export. Node
// and Bun load the package's CommonJS build (its `main`), so that is the storage to read; a
// bundler that picks the ESM build for the app would keep a second, empty storage.
const { defaultMetadataStorage } = createRequire(import.meta.url)(
  "class-transformer/cjs/storage.js",
) as { defaultMetadataStorage: TypeMetadataStorage };

/** The `@Type(() => Class, options)` metadata of a property (own or inherited), if any. */
export function findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined {
  return defaultMetadataStorage.findTypeMetadata(target, propertyName);
}
